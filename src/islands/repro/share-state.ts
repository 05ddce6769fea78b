/**
 * The whole state of a reproduction widget that a share link carries, and the zod schema that
 * checks a decoded link before anything trusts it (style.md #10). Limits keep a hostile link
 * from making the page do unbounded work.
 */
import '../zod-without-eval.ts';
import { z } from 'zod';
import { actionSchema } from '../../cases/schema.ts';
import { PRODUCT_IDS } from '../../sim/product-id.ts';
import { FILE_PATH_PATTERN, MAX_FILE_PATH_CHARS, MAX_WIDGET_FILES } from './project-files.ts';
import { MAX_RANKS, RUN_MODES } from '../../sim/run-request.ts';

/** Longest program a share link may carry, in characters. */
export const MAX_SHARED_CODE_CHARS = 100_000;

/** Most user actions a share link may carry. */
export const MAX_SHARED_ACTIONS = 64;

/** Highest step number a share link may point at (the recorder keeps far fewer). */
export const MAX_SHARED_STEP = 10_000_000;

/** Version of the share format; bump it when the shape changes. */
export const SHARE_FORMAT_VERSION = 1;

/** `<case-slug>/<scenario-id>`: names one scenario across all cases. */
export const scenarioKeySchema = z
	.string()
	.max(200)
	.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** The shape of a share link's payload. */
export const shareStateSchema = z
	.object({
		v: z.literal(SHARE_FORMAT_VERSION),
		scenario: scenarioKeySchema,
		variant: z.enum(['faulty', 'fixed']),
		code: z.string().max(MAX_SHARED_CODE_CHARS),
		/** The program's files after the first; absent in links made before files existed. */
		files: z
			.array(
				z
					.object({
						path: z.string().max(MAX_FILE_PATH_CHARS).regex(FILE_PATH_PATTERN),
						text: z.string().max(MAX_SHARED_CODE_CHARS),
					})
					.strict(),
			)
			.max(MAX_WIDGET_FILES - 1)
			.optional(),
		product: z.enum(PRODUCT_IDS),
		mode: z.enum(RUN_MODES),
		step: z.number().int().min(0).max(MAX_SHARED_STEP),
		actions: z.array(actionSchema).max(MAX_SHARED_ACTIONS),
		/** Ranks of the job (absent in links made before ranks existed: the scenario's own). */
		ranks: z.number().int().min(1).max(MAX_RANKS).optional(),
	})
	.strict();

/** What a share link restores: scenario, variant, the code and files as edited, product, mode, step, actions. */
export type ShareState = z.infer<typeof shareStateSchema>;
