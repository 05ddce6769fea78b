/**
 * The zod schemas for a case: the language-neutral facts in `content/cases/<slug>/case.yaml`
 * and the per-language frontmatter of `zh.mdx` / `en.mdx`. Astro's content collections, the CLI
 * and the tests all validate with these, so a bad file fails everywhere with the same message.
 */
import { z } from 'zod';
import { PRODUCT_IDS } from '../sim/product-id.ts';
import { MAX_RANKS, RUN_MODES } from '../sim/run-request.ts';

/** Languages of the site, Chinese first. */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** What part of the stack a case is about. */
export const COMPONENTS = ['ascend-c', 'acl-runtime', 'hccl', 'driver', 'system'] as const;
export type Component = (typeof COMPONENTS)[number];

/** The anchors every case page has; `/e/<id>/` permalinks point at one of them. */
export const SECTION_ANCHORS = ['symptom', 'root-cause', 'fix', 'reproduce'] as const;
export type SectionAnchor = (typeof SECTION_ANCHORS)[number];

/** Slugs and signature ids are stable URL segments: lower-case words joined by hyphens. */
const kebab = z
	.string()
	.regex(
		/^[a-z0-9]+(?:-[a-z0-9]+)*$/,
		'use lower-case words joined by hyphens, e.g. "acl-resource-leak"',
	);

/** A JavaScript regular expression given as source text; it must compile. */
const regexSource = z
	.string()
	.min(1)
	.superRefine((source, ctx) => {
		try {
			new RegExp(source, 'u');
		} catch (error) {
			ctx.addIssue({
				code: 'custom',
				message: `not a valid regular expression: ${(error as Error).message}`,
			});
		}
	});

const productId = z.enum(PRODUCT_IDS);

/** Text given in both languages. */
export const localizedSchema = z.object({ zh: z.string().min(1), en: z.string().min(1) });
export type Localized = z.infer<typeof localizedSchema>;

/** A short label that is either the same in both languages (`CANN 8.5`) or given in each. */
export const labelSchema = z.union([z.string().min(1), localizedSchema]);
export type Label = z.infer<typeof labelSchema>;

/** `label` in `lang`. */
export function labelIn(label: Label, lang: Lang): string {
	return typeof label === 'string' ? label : label[lang];
}

/**
 * An error signature: what a log must contain for this case to be claimed.
 * `pattern` must match one line; every `also` pattern must match somewhere in the same log;
 * no `unless` pattern may match anywhere in it. Each sample line must match `pattern`.
 */
export const signatureSchema = z
	.object({
		id: kebab,
		module: z.string().min(1),
		pattern: regexSource,
		also: z.array(regexSource).default([]),
		unless: z.array(regexSource).default([]),
		samples: z.array(z.string().min(1)).min(1),
		versions: labelSchema.optional(),
		anchor: z.enum(SECTION_ANCHORS).default('symptom'),
		/**
		 * True when the line fits the case but does not prove it (an out-of-memory error that a
		 * leak can end in, but so can one oversized allocation). Triage lists a hint as a possible
		 * cause to read, never as a match.
		 */
		hint: z.boolean().default(false),
	})
	.superRefine((signature, ctx) => {
		const pattern = safeRegex(signature.pattern);
		if (!pattern) return;
		signature.samples.forEach((sample, index) => {
			if (!pattern.test(sample)) {
				ctx.addIssue({
					code: 'custom',
					path: ['samples', index],
					message: `sample line does not match the signature's own pattern ${signature.pattern}`,
				});
			}
		});
	});
export type Signature = z.infer<typeof signatureSchema>;

/** Something a user does to the machine between or during runs, in a scenario. */
const only = { only: z.enum(['faulty', 'fixed']).optional() };
export const actionSchema = z.discriminatedUnion('do', [
	/**
	 * Start the program as a new process (the first action of most scenarios). `program` names
	 * another program beside case.yaml to start instead (a second tenant of the card, say);
	 * `background` keeps the process running: it stops at its first sleep, holding what it
	 * took, while the next actions go on (it is still running when the scenario ends).
	 */
	z.object({
		do: z.literal('run'),
		program: z
			.string()
			.regex(/^[\w.-]+\.(?:cpp|asc)$/, 'name a .cpp file beside case.yaml')
			.optional(),
		background: z.boolean().optional(),
		...only,
	}),
	/** Deliver a signal to the newest live process, as `kill -<n> PID` would. */
	z.object({
		do: z.literal('signal'),
		signal: z.enum(['SIGINT', 'SIGTERM', 'SIGSEGV', 'SIGABRT', 'SIGKILL']),
		...only,
	}),
	/** Ask the device to suspend (the system's low-power command). */
	z.object({ do: z.literal('suspend'), ...only }),
	/** Let virtual time pass before the next action. */
	z.object({ do: z.literal('wait'), ms: z.number().int().positive(), ...only }),
	/** Run `npu-smi info` in a shell: the devices' health, memory and the processes on them. */
	z.object({ do: z.literal('npu-smi'), ...only }),
]);
export type Action = z.infer<typeof actionSchema>;

/** The outcomes of a run, as `casebook sim --json` reports them. */
export const OUTCOMES = ['completed', 'error', 'hang', 'abort', 'rejected'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A path under the case folder: names and folders of letters, digits, `_`, `-`, `.`; no `..`. */
const scenarioFilePath = z
	.string()
	.max(100)
	.regex(
		/^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*$/,
		'name a file under the case folder (letters, digits, _ - . and / between folders)',
	);

/**
 * A reproduction: a faulty and a fixed program (files beside case.yaml), the product and mode
 * to run them on, optional user actions, and the outcome each variant must reach.
 */
export const scenarioSchema = z.object({
	id: kebab,
	label: localizedSchema,
	faulty: z.string().regex(/^[\w.-]+\.(?:cpp|asc)$/, 'name a .cpp file beside case.yaml'),
	fixed: z.string().regex(/^[\w.-]+\.(?:cpp|asc)$/, 'name a .cpp file beside case.yaml'),
	/**
	 * Further files of each variant's program (headers, a kernel file, data), as paths under the
	 * case folder; the program sees them at those paths.
	 */
	files: z
		.object({
			faulty: z.array(scenarioFilePath).max(15).default([]),
			fixed: z.array(scenarioFilePath).max(15).default([]),
		})
		.strict()
		.optional(),
	product: productId,
	mode: z.enum(RUN_MODES),
	cann: z.string().optional(),
	/** Physical devices of the server (default: the product's devices per server). */
	devices: z.number().int().min(1).max(64).optional(),
	/** Environment every process starts with, e.g. `{ ASCEND_RT_VISIBLE_DEVICES: '1' }`, `{ HCCL_ENTRY_LOG_ENABLE: '1' }`. */
	env: z
		.record(z.string().regex(/^[A-Za-z_]\w*$/, 'an environment variable name'), z.string())
		.optional(),
	/** Smaller limits than the product's, for a scenario that must reach one quickly. */
	limits: z
		.object({
			streams: z.number().int().positive().optional(),
			events: z.number().int().positive().optional(),
			notifies: z.number().int().positive().optional(),
			deviceMemoryBytes: z.number().int().positive().optional(),
			kernelTimeoutUs: z.number().int().positive().optional(),
		})
		.strict()
		.optional(),
	/**
	 * A smaller step budget than the default, for a scenario whose faulty kernel never ends
	 * (the simulator stops it at the budget: see src/lang/kernel-budget.ts).
	 */
	maxSteps: z.number().int().min(10_000).max(2_000_000).optional(),
	actions: z.array(actionSchema).default([]),
	/** Processes each `run` starts: the ranks of one job (RANK_ID, RANK_SIZE, DEVICE_ID set). */
	ranks: z.number().int().min(1).max(MAX_RANKS).optional(),
	expect: z.object({ faulty: z.enum(OUTCOMES), fixed: z.enum(OUTCOMES) }),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** Where a CANN version changes what the developer sees. */
export const cannVersionSchema = z.object({ versions: labelSchema, note: localizedSchema });

/** A public source a fact on the page comes from. */
export const sourceSchema = z.object({ title: z.string().min(1), url: z.url() });

/**
 * A calendar day, `YYYY-MM-DD`. YAML readers differ on unquoted dates (Astro's makes a Date,
 * the CLI's a string); both come out as the same string.
 */
export const isoDateSchema = z.union([
	z.iso.date({ message: 'write the date as YYYY-MM-DD, e.g. 2025-06-30' }),
	z.date().transform((date) => date.toISOString().slice(0, 10)),
]);

/** The language-neutral facts of one case: `content/cases/<slug>/case.yaml`. */
export const caseFactsSchema = z
	.object({
		component: z.enum(COMPONENTS),
		products: z.array(productId).min(1),
		apis: z.array(z.string().min(1)).min(1),
		cannVersions: z.array(cannVersionSchema).default([]),
		/**
		 * The exact lines that identify the case in a log. A case whose failure prints nothing
		 * (a result read before the copy that writes it landed) has none: its reproduction proves
		 * it by the simulator's diagnosis instead.
		 */
		signatures: z.array(signatureSchema).default([]),
		sources: z.array(sourceSchema).min(1),
		scenarios: z.array(scenarioSchema).min(1),
		related: z.array(kebab).default([]),
		/**
		 * The day the case was first published (the feeds and the page show it). Optional for the
		 * schema, so a new case builds before its first commit; tests/unit/case-files.test.ts
		 * requires it of every case in the repository. `node scripts/case-dates.ts --write` fills
		 * it, and `verified`, from the git history of the case's folder.
		 */
		added: isoDateSchema.optional(),
		/** The day the case was last checked and changed; the feeds list a case again then. */
		verified: isoDateSchema.optional(),
	})
	.superRefine((facts, ctx) => {
		if (facts.verified !== undefined && facts.added !== undefined && facts.verified < facts.added) {
			ctx.addIssue({
				code: 'custom',
				path: ['verified'],
				message: `the case cannot be verified (${facts.verified}) before it was added (${facts.added})`,
			});
		}
	});
export type CaseFacts = z.infer<typeof caseFactsSchema>;

/** The frontmatter of one language's page: `content/cases/<slug>/<lang>.mdx`. */
export const casePageSchema = z.object({
	title: z.string().min(1),
	summary: z.string().min(1),
	/** One line for the home page: what the developer sees. */
	symptom: z.string().min(1),
	/** Extra search words, for terms Pagefind's word splitting misses (e.g. 泄漏). */
	keywords: z.array(z.union([z.string().min(1), z.number().transform(String)])).default([]),
});
export type CasePage = z.infer<typeof casePageSchema>;

function safeRegex(source: string): RegExp | undefined {
	try {
		return new RegExp(source, 'u');
	} catch {
		return undefined;
	}
}
