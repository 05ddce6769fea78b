/**
 * `--format sarif`: the check as a SARIF 2.1.0 log (built with node-sarif-builder), so code
 * scanning shows each finding on its line. One result per finding (the same diagnostic at the
 * same place on several products is one result that names them), `ruleId` the diagnostic code,
 * level `error` or `warning`, the message in the chosen language, a physical location with line
 * and column, and one rule per code whose help URI is the code's anchor on the diagnostics
 * reference page (and whose help names the case page, when a case explains it). A run that
 * failed without any finding is reported as a tool execution notification, and so is a mode the
 * simulator could not run (level `note`).
 */
import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
	SarifBuilder,
	SarifResultBuilder,
	SarifRuleBuilder,
	SarifRunBuilder,
} from 'node-sarif-builder';
import type { Log, Notification } from 'sarif';
import { cellFailed } from '../check/check-cell.ts';
import type { CheckReport } from '../check/check-run.ts';
import { MODE_WORDS, OUTCOME_WORDS, unavailableNote } from '../check/check-words.ts';
import { distinctFindings, type DistinctFinding } from '../check/distinct-findings.ts';
import { DIAGNOSTICS } from '../diagnostics/catalog.ts';
import { diagnosticUrl } from '../diagnostics/diagnostic-url.ts';
import { casePage } from './sim.ts';
import { unavailableIn, whereText, type TextOptions } from './check-text.ts';

/** The schema a SARIF 2.1.0 log names (the one SchemaStore serves). */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The name code scanning shows for the tool. */
export const SARIF_TOOL_NAME = 'casebook check';

/** A path as a SARIF artifact URI: relative paths stay relative (to the repository root). */
export function artifactUri(path: string): string {
	if (isAbsolute(path)) return pathToFileURL(path).href;
	return path.split(sep).join('/').split('/').map(encodeURIComponent).join('/');
}

/** A catalog template with its `{placeholders}` shown as an ellipsis. */
function generic(template: string): string {
	return template.replace(/\{\w+\}/g, '…');
}

function ruleOf(code: DistinctFinding['code'], options: TextOptions): SarifRuleBuilder {
	const row = DIAGNOSTICS[code];
	const { lang, baseUrl } = options;
	const url = diagnosticUrl(code, lang, baseUrl);
	const help = [generic(row.hint[lang]), url];
	if (row.case) help.push(casePage(row.case, options));
	const rule = new SarifRuleBuilder().initSimple({
		ruleId: code,
		shortDescriptionText: generic(row.message[lang]),
		fullDescriptionText: generic(row.hint[lang]),
		helpUri: url,
	});
	rule.rule.help = { text: help.join('\n') };
	rule.rule.defaultConfiguration = { level: row.severity === 'error' ? 'error' : 'warning' };
	rule.rule.properties = { subject: row.subject, ...(row.case ? { case: row.case } : {}) };
	return rule;
}

function resultOf(f: DistinctFinding, options: TextOptions): SarifResultBuilder {
	const where = whereText(f.cells, options.lang);
	const result = new SarifResultBuilder().initSimple({
		ruleId: f.code,
		level: f.severity,
		messageText: `${f.messages[options.lang]} (${where})`,
		fileUri: artifactUri(options.displayPath(f.file)),
	});
	result.setLocationRegion({ startLine: Math.max(1, f.line), startColumn: Math.max(1, f.column) });
	result.result.properties = {
		runs: f.cells.map((c) => `${c.product}/${c.mode}`),
		...(f.case ? { caseUrl: casePage(f.case, options) } : {}),
	};
	return result;
}

/** The SARIF log of a check, ready for `JSON.stringify`. */
export function checkSarif(report: CheckReport, options: TextOptions, version: string): Log {
	const run = new SarifRunBuilder().initSimple({
		toolDriverName: SARIF_TOOL_NAME,
		toolDriverVersion: version,
		url: options.baseUrl,
	});
	run.run.language = options.lang === 'zh' ? 'zh-CN' : 'en';
	run.run.columnKind = 'utf16CodeUnits';
	const findings = distinctFindings(report.cells);
	for (const code of new Set(findings.map((f) => f.code))) run.addRule(ruleOf(code, options));
	for (const f of findings) run.addResult(resultOf(f, options));
	const notifications: Notification[] = report.cells
		.filter((c) => cellFailed(c) && c.findings.length === 0)
		.map((c) => ({
			level: 'error',
			message: {
				text: `${c.product} ${MODE_WORDS[c.mode][options.lang]}: ${OUTCOME_WORDS[c.outcome][options.lang]}`,
			},
		}));
	const note = unavailableNote(unavailableIn(report), options.lang);
	if (note) notifications.push({ level: 'note', message: { text: note } });
	run.run.invocations = [
		{
			executionSuccessful: true,
			...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
		},
	];
	const builder = new SarifBuilder({ $schema: SARIF_SCHEMA_URI, version: '2.1.0' });
	builder.addRun(run);
	return builder.buildSarifOutput();
}
