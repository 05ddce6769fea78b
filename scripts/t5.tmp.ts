import { loadCodeTable } from '../src/codes/codes-fs.ts';
const t = await loadCodeTable();
const ids = process.argv.slice(2);
for (const id of ids) {
	const e = t.get(id);
	if (!e) {
		console.log('MISSING', id);
		continue;
	}
	console.log(
		`== ${e.code} ${e.name ?? ''} [${e.family}] rel=${t.relatedIds(e.code).slice(0, 12).join(',')}`,
	);
	if (e.template) console.log('  T:', e.template);
	const o = e.official ?? {};
	if (o.meaning?.zh) console.log('  M:', o.meaning.zh);
	if (o.solution?.zh) console.log('  S:', o.solution.zh.replace(/\n/g, ' ').slice(0, 300));
	if (o.solution?.en) console.log('  Se:', o.solution.en.replace(/\n/g, ' ').slice(0, 300));
	if (o.cause?.en) console.log('  Ce:', o.cause.en.slice(0, 300));
	if (o.torchNpu) console.log('  TN:', o.torchNpu.replace(/\n\s*/g, ' | '));
	if (o.comment) console.log('  C:', o.comment);
	if (e.maps) console.log('  MAP:', e.maps.code, e.maps.desc);
}
