/**
 * SoftMax over the last axis (asc-devkit docs/api/context/SoftMax.md at 8b18dbce): the source is
 * M rows of K elements (`SoftMaxShapeInfo` srcM × srcK, or the tiling's srcM/srcK when the shape
 * is not given); each row becomes exp(x − max) / Σ exp(x − max), and in the forms with
 * `sumTensor`/`maxTensor` the row's sum and max fill one 32-byte DataBlock each (the page: "该
 * datablock中的所有数据为同一个值"). half sources may keep sum and max in float.
 *
 * Each row is computed in double and every stored value rounded once to its type; the library
 * computes in the element type with its own exp, so results may differ in the last bits. The
 * NZ layout, `isBasicBlock` and padded rows (oriSrcK < srcK) are not modelled: every srcK
 * column takes part.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import type { MemoryAccess } from '../../sim/kernel/memory-access.ts';
import { checkLocalOperand } from '../../sim/kernel/operand-checks.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
} from '../../sim/kernel/vector-instruction.ts';
import { DATA_BLOCK_BYTES } from '../../sim/kernel/vector-shape.ts';
import { structValue } from '../api-types.ts';
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { parseSignature } from '../signature.ts';
import { ascendCContextDoc } from '../sources.ts';
import { frameFuncOf, traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const TEMPLATE =
	'template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG> __aicore__ inline void SoftMax';

/** Every documented parameter list, the trailing `softmaxShapeInfo` given and left out. */
function softmaxForms(): string[] {
	const tmp = 'const LocalTensor<uint8_t>& sharedTmpBuffer, ';
	const tail = [
		'const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo',
		'const SoftMaxTiling& tiling',
	];
	const heads = [
		'const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor, ',
		'const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, ',
		'const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, ',
	];
	return [false, true].flatMap((withTmp) =>
		heads.flatMap((head) => tail.map((t) => `${TEMPLATE}(${head}${withTmp ? tmp : ''}${t})`)),
	);
}

const SIGNATURES = softmaxForms();
const PARSED = SIGNATURES.map((s) => parseSignature(s));

function num(v: unknown): number {
	const n = Number(v);
	return Number.isFinite(n) ? n : 0;
}

function run(core: CoreContext, c: Parameters<KernelApiRow['run']>[1]): undefined {
	const sig = PARSED[c.form]!;
	const arg = (name: string) => {
		const i = sig.params.findIndex((p) => p.name === name);
		return i >= 0 ? c.args[i] : undefined;
	};
	const dst = arg('dstTensor') as LocalTensor;
	const src = arg('srcTensor') as LocalTensor;
	const sum = arg('sumTensor') as LocalTensor | undefined;
	const max = arg('maxTensor') as LocalTensor | undefined;
	const shape = arg('softmaxShapeInfo');
	const info = shape === undefined ? {} : structValue('SoftMaxShapeInfo', shape);
	const tiling = structValue('SoftMaxTiling', arg('tiling'));
	let m = num(info.srcM) || num(tiling.srcM);
	let k = num(info.srcK) || num(tiling.srcK);
	if (m <= 0 || k <= 0) {
		// Neither says: the whole source as one row.
		m = 1;
		k = src.size;
	}
	const site = c.site();
	const call = `SoftMax<${src.dtype.name}>`;
	const frameFunc = () => frameFuncOf('SoftMax', sig, src.dtype.demangled);
	const ctx = vectorCheckContext(
		core,
		call,
		'SoftMax',
		{ instr: 'softmax' },
		'calcount',
		frameFunc,
	);
	for (const [role, t] of [
		['dst', dst],
		['src', src],
		['sum', sum],
		['max', max],
	] as const) {
		if (t) checkVectorPosition(core, site, ctx, role, t);
	}
	if (src.dtype.name !== 'half' && src.dtype.name !== 'float')
		dtypeUnsupported(core, site, ctx, src.dtype.name, ['half', 'float']);
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dstTensor',
			tensor: dst,
			kind: 'write',
			extent: m * k * dst.dtype.bytes,
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'srcTensor',
			tensor: src,
			kind: 'read',
			extent: m * k * src.dtype.bytes,
			limit: 'tensor',
		}),
	];
	for (const [role, t] of [
		['sumTensor', sum],
		['maxTensor', max],
	] as const) {
		if (t) {
			accesses.push(
				checkLocalOperand(core, site, ctx, {
					role,
					tensor: t,
					kind: 'write',
					extent: m * DATA_BLOCK_BYTES,
					limit: 'tensor',
				}),
			);
		}
	}
	core.observeAccess(site, call, accesses);
	const from = core.storeOf(src.hardware);
	const to = core.storeOf(dst.hardware);
	const row = new Float64Array(k);
	for (let r = 0; r < m; r++) {
		let top = -Infinity;
		for (let i = 0; i < k; i++) {
			row[i] = from.get(src.dtype, src.address + (r * k + i) * src.dtype.bytes);
			if (row[i]! > top) top = row[i]!;
		}
		let total = 0;
		for (let i = 0; i < k; i++) {
			row[i] = Math.exp(row[i]! - top);
			total += row[i]!;
		}
		for (let i = 0; i < k; i++)
			to.set(dst.dtype, dst.address + (r * k + i) * dst.dtype.bytes, row[i]! / total);
		for (const [t, v] of [
			[sum, total],
			[max, top],
		] as const) {
			if (!t) continue;
			const store = core.storeOf(t.hardware);
			const per = DATA_BLOCK_BYTES / t.dtype.bytes;
			for (let j = 0; j < per; j++)
				store.set(t.dtype, t.address + (r * per + j) * t.dtype.bytes, v);
		}
	}
	core.record(site, call, c.args.map(traceArg), `${m}×${k}`);
	return undefined;
}

/** The SoftMax row. */
export const SOFTMAX_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'SoftMax',
		group: 'ascendc-math-library',
		signature: SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		// SoftMax.md's table at asc-devkit 0da921b9.
		products: ['atlas-a2', 'atlas-a3', 'atlas-200i-500-a2', 'atlas-inference-aicore'],
		doc: {
			zh: '按尾轴做 SoftMax：源数据为 srcM 行、每行 srcK 个元素（取自 SoftMaxShapeInfo，未给时取 tiling），每行变为 exp(x − max) / Σexp(x − max)；带 sumTensor/maxTensor 的形式把每行的和与最大值写满一个 32 字节 DataBlock。模拟器按双精度计算、每个存储值舍入一次，与库的实现可能在最后几位不同；NZ 格式、isBasicBlock 和补齐列（oriSrcK < srcK）不模拟。',
			en: 'SoftMax over the last axis: the source is srcM rows of srcK elements (from SoftMaxShapeInfo, else from the tiling), each row becoming exp(x − max) / Σexp(x − max); the forms with sumTensor/maxTensor fill one 32-byte DataBlock per row with its sum and its max. The simulator computes in double and rounds each stored value once, so the library’s results may differ in the last bits; the NZ layout, isBasicBlock and padded columns (oriSrcK < srcK) are not modelled.',
		},
		source: ascendCContextDoc('SoftMax'),
		run,
	}),
];
