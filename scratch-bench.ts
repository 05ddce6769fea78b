import { run } from './src/lang/index.ts';
import { readFileSync } from 'node:fs';
const src = readFileSync('/work/wt/lang/tests/programs/add-custom-class.cpp', 'utf8');
for (let k = 0; k < 3; k++) {
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) run({ source: src, product: 'atlas-a2', mode: 'npu', maxSteps: 5000 });
  console.log('per run ms', (performance.now() - t0) / 50);
}
const t1 = performance.now();
for (let i = 0; i < 200; i++) run({ source: 'int main(){return 0;}', product: 'atlas-a2', mode: 'npu' });
console.log('trivial ms', (performance.now() - t1) / 200);
