import { parser } from '@lezer/cpp';
const src = process.argv[2];
const tree = parser.parse(src);
let out = '';
tree.iterate({ enter(n) { out += (n.type.isError ? '⚠' : n.name) + '(' ; }, leave(n) { out += ')'; } });
console.log(out);
