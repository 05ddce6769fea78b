/**
 * The `--format json` report of `casebook check`:
 * `{"matrix":[{"product","mode","outcome","findings":[{"code","severity","message","file","line","column"}]}],"resources":{…}}`,
 * messages in the chosen language and files as shown on the command line. `resources` holds
 * `headroom` (each resource across products, with its sentence) and `cells` (each run's report).
 */
import type { CheckReport } from '../check/check-run.ts';
import { headroomSentence } from '../check/check-words.ts';
import type { ResourceOverrun, ResourcePlace } from '../sim/resources/resource-report.ts';
import type { TextOptions } from './check-text.ts';

/** The JSON object of a check. */
export function checkJson(report: CheckReport, options: TextOptions): object {
	const { lang, displayPath } = options;
	const place = (p: ResourcePlace): ResourcePlace => ({
		...p,
		file: displayPath(p.file ?? options.file),
	});
	// Every place in an entry (where it peaked, where it went over) as shown on the command line.
	const shown = <T extends { at?: ResourcePlace; over?: ResourceOverrun }>(entry: T): T => ({
		...entry,
		...(entry.at ? { at: place(entry.at) } : {}),
		...(entry.over ? { over: shown(entry.over) } : {}),
	});
	const where = (p?: ResourcePlace) => (p ? `${place(p).file}:${p.line}` : '?');
	const products = [...new Set(report.cells.map((c) => c.product))];
	return {
		// A cell of a mode the simulator lacks has outcome "unavailable" and no findings.
		matrix: report.cells.map((cell) => ({
			product: cell.product,
			mode: cell.mode,
			outcome: cell.outcome,
			findings: cell.findings.map((f) => ({
				code: f.code,
				severity: f.severity,
				message: f.messages[lang],
				file: displayPath(f.file),
				line: f.line,
				column: f.column,
			})),
		})),
		resources: {
			headroom: report.headroom.map((row) => ({
				kind: row.kind,
				subject: row.subject,
				unit: row.unit,
				text: headroomSentence(row, lang, products, where),
				products: row.products.map(shown),
			})),
			cells: report.cells.map((cell) => ({
				product: cell.product,
				mode: cell.mode,
				peaks: cell.resources.peaks.map(shown),
				held: cell.resources.held.map(shown),
			})),
		},
	};
}
