/**
 * `--format github`: one workflow command per finding, which GitHub Actions shows as an
 * annotation on the line (`::error file=…,line=…,col=…,title=…::message`). Values are escaped as
 * the runner expects: `%`, CR and LF in the message; also `:` and `,` in properties.
 */
import type { DistinctFinding } from '../check/distinct-findings.ts';
import { diagnosticUrl } from '../diagnostics/diagnostic-url.ts';
import type { TextOptions } from './check-text.ts';
import { whereText } from './check-text.ts';

function escapeData(text: string): string {
	return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(text: string): string {
	return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** The annotation of one finding. */
export function githubAnnotation(f: DistinctFinding, options: TextOptions): string {
	const props = [
		`file=${escapeProperty(options.displayPath(f.file))}`,
		`line=${f.line}`,
		`col=${f.column}`,
		`title=${escapeProperty(f.code)}`,
	].join(',');
	const message = `${f.messages[options.lang]} [${whereText(f.cells, options.lang)}] ${diagnosticUrl(f.code, options.lang, options.baseUrl)}`;
	return `::${f.severity} ${props}::${escapeData(message)}`;
}
