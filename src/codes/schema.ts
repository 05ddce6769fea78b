/**
 * The zod schemas of the error-code index: one family file `content/codes/<family>.json` holds
 * the official rows of one family of codes (aclError values, screen codes of one module, the
 * runtime's internal numbers…), and `content/codes/explained/<CODE>.<lang>.md` holds our own
 * explanation of one code in one language. The site, the CLI and the tests validate with these.
 */
import { z } from 'zod';
import { actionSchema } from '../cases/schema.ts';
import { PRODUCT_IDS } from '../sim/product-id.ts';
import { CODE_ID, CODE_ID_PATTERNS, CODE_KINDS } from './code-kind.ts';

export { CODE_ID, CODE_ID_PATTERNS, CODE_KINDS, type CodeKind } from './code-kind.ts';

/** Languages of the site, Chinese first. */
export const CODE_LANGS = ['zh', 'en'] as const;
/** One of {@link CODE_LANGS}. */
export type CodeLang = (typeof CODE_LANGS)[number];

const codeId = z.string().regex(CODE_ID, 'a code id such as 507035, EE1023, 0x7020023 or drv-7');

/** Text in one or both languages; official texts often exist in only one. */
const someLanguages = z
	.object({ zh: z.string().min(1).optional(), en: z.string().min(1).optional() })
	.strict()
	.refine((value) => value.zh !== undefined || value.en !== undefined, 'give zh, en or both');

/** Text in both languages. */
const bothLanguages = z.object({ zh: z.string().min(1), en: z.string().min(1) }).strict();

/** A file in a public repository at one commit. */
export const sourceFileSchema = z
	.object({
		repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name'),
		commit: z.string().regex(/^[0-9a-f]{40}$/, 'a full 40-character commit'),
		path: z.string().min(1),
	})
	.strict();
/** A file in a public repository at one commit. */
export type SourceFile = z.infer<typeof sourceFileSchema>;

/**
 * A row's pointer into its family's `sources`: `key`, `key#L12` (a line), or `key:sub/path.md`
 * (a file under a source folder), or an absolute `https://` URL.
 */
export const sourceRefSchema = z
	.string()
	.regex(
		/^(?:https:\/\/\S+|[a-z][a-z0-9-]*(?::[^#\s]+)?(?:#L\d+)?)$/,
		'a source key such as "json#L651" or "docs:zh/page.md", or an https URL',
	);

/** A case slug (the schema cannot know which exist; the table checks that). */
const caseSlug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a case slug');

/** A program that makes the simulator produce the code, with how to run it. */
export const codeProgramSchema = z
	.object({
		/** Repository-relative path of the C++ program, e.g. `tests/programs/codes/207001.cpp`. */
		file: z.string().regex(/^[\w./-]+\.cpp$/, 'a repository-relative .cpp path'),
		product: z.enum(PRODUCT_IDS).default('atlas-a2'),
		mode: z.enum(['npu', 'cpu']).default('npu'),
		/** The CANN version to simulate when the code's wording depends on it. */
		cann: z.string().min(1).optional(),
		/** User actions, as in a case scenario (run, wait, signal…). */
		actions: z.array(actionSchema).optional(),
		/** Processes each `run` starts, as the ranks of one job (`casebook sim --ranks`). */
		ranks: z.number().int().min(2).max(64).optional(),
		/** Physical devices of the server (`--devices`); omitted: the product's count. */
		devices: z.number().int().min(1).max(64).optional(),
		/** Environment of the program's processes (`--env NAME=VALUE`). */
		env: z.record(z.string().regex(/^[A-Z_][A-Z0-9_]*$/), z.string()).optional(),
		/** Physical devices no process can open (not mapped into the container, faulty). */
		unusableDevices: z.array(z.number().int().min(0).max(63)).optional(),
		/** Data files the program reads (a model file), beside it, by name. */
		files: z
			.array(z.string().regex(/^[\w.-]+$/, 'a file name beside the program'))
			.max(8)
			.optional(),
	})
	.strict();
/** A program that makes the simulator produce a code. */
export type CodeProgram = z.infer<typeof codeProgramSchema>;

/** A hand-kept link to another code, with the public source that shows the two together. */
export const codeSeeSchema = z
	.object({
		code: codeId,
		source: z.string().regex(/^https:\/\/\S+$/, 'an https URL'),
		why: bothLanguages,
	})
	.strict();

/** One official row: the code and what the sources say about it, verbatim. */
export const codeRowSchema = z
	.object({
		code: codeId,
		/** The constant or title (`ACL_ERROR_RT_NO_EVENT_RESOURCE`, `Resource_Error`). */
		name: z.string().min(1).optional(),
		/** Other names for the same number (a doc spelling, a second constant). */
		aliases: z.array(z.string().min(1)).optional(),
		/** A short grouping inside the family (`Invalid_Argument`, `resource-or-hardware`…). */
		category: z.string().min(1),
		/** The `errClass` of error_code.json, when it has one. */
		class: z.string().min(1).optional(),
		/** The message template with `%s` placeholders, verbatim. */
		template: z.string().min(1).optional(),
		/** The names of the template's placeholders, in order. */
		args: z.array(z.string().min(1)).optional(),
		/** Example messages from the official pages, verbatim. */
		examples: z.array(z.string().min(1)).optional(),
		/** What the official sources say, verbatim, in the languages they say it in. */
		official: z
			.object({
				meaning: someLanguages.optional(),
				placeholders: someLanguages.optional(),
				cause: someLanguages.optional(),
				solution: someLanguages.optional(),
				/** The comment beside the definition in the header. */
				comment: z.string().min(1).optional(),
				/** What torch_npu prints after `[Error]:` for this code (Ascend/pytorch NPUErrorCodes.h). */
				torchNpu: z.string().min(1).optional(),
			})
			.strict()
			.optional(),
		/** For internal numbers: the public code it turns into, and the `desc` the runtime prints. */
		maps: z
			.object({ code: z.string().min(1), desc: z.string().optional() })
			.strict()
			.optional(),
		/** The deprecation note of the doc page, verbatim. */
		deprecated: someLanguages.optional(),
		/** Where each fact came from: keys of the family's `sources`, or URLs. */
		sources: z.array(sourceRefSchema).min(1),
		/** CANN package versions whose sources have this code (history of the source file). */
		cann: z
			.object({ from: z.string().min(1), to: z.string().min(1) })
			.strict()
			.optional(),
		/** Codes the sources tie to this one (the public code of an inner one, and back). */
		related: z.array(codeId).optional(),
		// Hand-kept fields (the import carries them over):
		/** Cases that explain this code. */
		cases: z.array(caseSlug).optional(),
		/** Programs that make the simulator produce it. */
		programs: z.array(codeProgramSchema).optional(),
		/** Codes real logs show together with this one, each with its source. */
		see: z.array(codeSeeSchema).optional(),
	})
	.strict();
/** One official row. */
export type CodeRow = z.infer<typeof codeRowSchema>;

/** A family file: its kind, module, title, sources and rows. */
export const codeFamilySchema = z
	.object({
		/** A note for people editing the file (where it came from). */
		$comment: z.string().optional(),
		family: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case family id'),
		kind: z.enum(CODE_KINDS),
		module: z.string().min(1),
		title: bothLanguages,
		about: bothLanguages,
		sources: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), sourceFileSchema),
		codes: z.array(codeRowSchema).min(1),
	})
	.strict()
	.superRefine((family, ctx) => {
		const pattern = CODE_ID_PATTERNS[family.kind];
		family.codes.forEach((row, index) => {
			if (!pattern.test(row.code)) {
				ctx.addIssue({
					code: 'custom',
					path: ['codes', index, 'code'],
					message: `"${row.code}" is not a ${family.kind} code id`,
				});
			}
			row.sources.forEach((source, at) => {
				const key = /^[a-z][a-z0-9-]*/.exec(source)?.[0];
				if (!source.startsWith('https://') && (!key || !(key in family.sources))) {
					ctx.addIssue({
						code: 'custom',
						path: ['codes', index, 'sources', at],
						message: `"${source}" names no source of this family (known: ${Object.keys(family.sources).join(', ')})`,
					});
				}
			});
		});
	});
/** A family file. */
export type CodeFamily = z.infer<typeof codeFamilySchema>;

/** The anchors of an explanation's sections, in order (the same in both languages). */
export const EXPLANATION_SECTIONS = ['meaning', 'causes', 'check', 'fix'] as const;

/** Frontmatter of `content/codes/explained/<CODE>.<lang>.md`. */
export const explanationSchema = z
	.object({
		/** One sentence: what the code means, in our words (the page description). */
		summary: z.string().min(10).max(300),
		/** Public pages the explanation rests on (issues, FAQs, docs). */
		sources: z.array(z.object({ title: z.string().min(1), url: z.url() }).strict()).default([]),
	})
	.strict();
/** Frontmatter of one explanation. */
export type Explanation = z.infer<typeof explanationSchema>;
