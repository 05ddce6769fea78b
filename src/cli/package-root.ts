/**
 * The folder of the casebook itself: the checkout, or the installed package. This module sits
 * two levels below it both as source (`src/cli/`) and in the packed CLI bundle (`lib/cli/`), so
 * the same relative URL finds it.
 */
import { fileURLToPath } from 'node:url';

/** The checkout or package folder, with a trailing separator. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
