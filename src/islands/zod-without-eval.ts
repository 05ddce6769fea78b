/**
 * Import this before any module that builds a Zod schema in the page. Zod probes for
 * `new Function` when a schema is built, to compile fast checkers; the page's
 * Content-Security-Policy refuses eval and reports the probe as a violation even though Zod
 * catches it. With `jitless` Zod never probes and checks the interpreted way.
 */
import { z } from 'zod';

z.config({ jitless: true });
