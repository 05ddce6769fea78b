import { readFileSync } from 'node:fs';
import { run } from './src/lang/run.ts';
const t = run({ source: readFileSync(process.argv[2]!, 'utf8'), product: 'atlas-a2', mode: 'npu' });
console.log(t.outcome, t.log.slice(0, 5));
for (const s of t.steps.slice(0, 4000)) if (!s.actor.startsWith('core') && !/^(0|void|ACL_SUCCESS)$/.test(String(s.result))) console.log(s.actor, s.call, s.args?.join(','), '->', s.result);
