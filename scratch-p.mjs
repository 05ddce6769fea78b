import { parser } from '@lezer/cpp';
import { readFileSync } from 'node:fs';
const src = process.argv[2].startsWith('@') ? readFileSync(process.argv[2].slice(1), 'utf8') : process.argv[2];
const tree = parser.parse(src);
let out = '';
tree.iterate({ enter(n) { out += (n.type.isError ? '⚠' : n.name) + '(' ; }, leave(n) { out += ')'; } });
console.log(out);
