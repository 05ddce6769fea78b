/**
 * The case facts schema with the `apis` field checked against the API catalog: every name must
 * be a catalog API or alias (`aclrtMalloc`, `TQue::AllocTensor`, `signal`), so a typo fails the
 * build naming the file, the field and the nearest name. Kept apart from schema.ts so that the
 * islands, which read the base schema, do not load the catalog.
 */
import { findApi, suggestApi } from '../api/catalog.ts';
import { caseFactsSchema } from './schema.ts';

/** `case.yaml` as the build and the CLI validate it. */
export const checkedCaseFactsSchema = caseFactsSchema.superRefine((facts, ctx) => {
	facts.apis.forEach((name, i) => {
		if (findApi(name)) return;
		const near = suggestApi(name);
		ctx.addIssue({
			code: 'custom',
			path: ['apis', i],
			message: `"${name}" is not in the API catalog (src/api)${near ? `; did you mean "${near}"?` : ''}`,
		});
	});
});
