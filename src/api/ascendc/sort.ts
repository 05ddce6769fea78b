/**
 * Sort without SortConfig (asc-devkit docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md at 0da921b9):
 * scores sorted in descending order, a tie keeping the input order ("如果i>j，则score[j]将首先被选出
 * 来"). With `isFullSort` every score of the call takes part; otherwise each repeat's group is
 * sorted on its own.
 *
 * - Atlas A2/A3 (排布方式一): 32 scores a repeat; each result is an 8-byte (score, index) pair,
 *   the score in the low bytes (4 for float, 2 for half, whose next 2 bytes are reserved and left
 *   as they were) and the uint32_t index from `index` in the high 4 bytes.
 * - Atlas inference series AI Core (排布方式二): 16 region proposals a repeat, each 8 elements
 *   `[x1, y1, x2, y2, score, label, reserved_0, reserved_1]`, moved whole by their score.
 *
 * `tmp` is accepted and not written. Bits move unchanged: nothing is rounded.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { checkLocalOperand, checkParamRange } from '../../sim/kernel/operand-checks.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
} from '../../sim/kernel/vector-instruction.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { parseSignature } from '../signature.ts';
import { ascendCAdvancedDoc } from '../sources.ts';
import { frameFuncOf, traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

/** Scores one repeat sorts in the (score, index) layout, and the bytes of one pair. */
const PAIRS_PER_REPEAT = 32;
const PAIR_BYTES = 8;
/** Region proposals one repeat sorts, their elements, and where the score is among them. */
const PROPOSALS_PER_REPEAT = 16;
const PROPOSAL_ELEMENTS = 8;
const PROPOSAL_SCORE = 4;
/** `repeatTime ∈ [0, 255]`. */
const MAX_REPEAT = 255;

const SIGNATURE =
	'template <typename T, bool isFullSort> __aicore__ inline void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime)';
const PARSED = parseSignature(SIGNATURE);

/** Positions 0…n-1 in sorting order: groups of `group` (or all when `full`), descending, stable. */
function order(scores: readonly number[], group: number, full: boolean): number[] {
	const out: number[] = [];
	const size = full ? scores.length : group;
	for (let start = 0; start < scores.length; start += size) {
		const ids = Array.from({ length: Math.min(size, scores.length - start) }, (_, i) => start + i);
		// Array.prototype.sort is stable, so equal scores keep the input order.
		ids.sort((a, b) => scores[b]! - scores[a]!);
		out.push(...ids);
	}
	return out;
}

function run(core: CoreContext, c: ApiCall): undefined {
	const [dst, concat, index, tmp] = c.args as LocalTensor[];
	const repeat = Math.trunc(Number(c.args[4]));
	const full = c.targs[1] === 1 || c.targs[1] === 'true';
	const site = c.site();
	const t = concat!.dtype;
	const call = `Sort<${t.name}, ${full}>`;
	const ctx = vectorCheckContext(core, call, 'Sort', { instr: 'vsort' }, 'calcount', () =>
		frameFuncOf('Sort', PARSED, t.demangled),
	);
	for (const [role, x] of [
		['dst', dst],
		['concat', concat],
		['index', index],
		['tmp', tmp],
	] as const)
		checkVectorPosition(core, site, ctx, role, x!);
	if (t.name !== 'half' && t.name !== 'float')
		dtypeUnsupported(core, site, ctx, t.name, ['half', 'float']);
	if (!checkParamRange(core, site, ctx, 'repeatTime', repeat, 0, MAX_REPEAT) || repeat === 0) {
		core.record(site, call, c.args.map(traceArg), 'void');
		return undefined;
	}
	const proposals = core.profile.arch === 2002;
	const group = proposals ? PROPOSALS_PER_REPEAT : PAIRS_PER_REPEAT;
	const n = repeat * group;
	const recordBytes = proposals ? PROPOSAL_ELEMENTS * t.bytes : PAIR_BYTES;
	const read = (x: LocalTensor, kind: 'read' | 'write', extent: number, role: string) =>
		checkLocalOperand(core, site, ctx, { role, tensor: x, kind, extent, limit: 'tensor' });
	core.observeAccess(site, call, [
		read(dst!, 'write', n * recordBytes, 'dst'),
		read(concat!, 'read', proposals ? n * recordBytes : n * t.bytes, 'concat'),
		...(proposals ? [] : [read(index!, 'read', n * 4, 'index')]),
	]);
	const src = core.storeOf(concat!.hardware);
	const out = core.storeOf(dst!.hardware);
	const scoreAt = (i: number) =>
		src.get(
			t,
			concat!.address +
				(proposals ? (i * PROPOSAL_ELEMENTS + PROPOSAL_SCORE) * t.bytes : i * t.bytes),
		);
	const scores = Array.from({ length: n }, (_, i) => scoreAt(i));
	const sorted = order(scores, group, full);
	if (proposals) {
		const image = src.read(concat!.address, n * recordBytes);
		sorted.forEach((from, k) =>
			out.write(
				dst!.address + k * recordBytes,
				image.subarray(from * recordBytes, (from + 1) * recordBytes),
			),
		);
	} else {
		const ids = core.storeOf(index!.hardware);
		const u32 = index!.dtype;
		sorted.forEach((from, k) => {
			const at = dst!.address + k * PAIR_BYTES;
			out.write(at, src.read(concat!.address + from * t.bytes, t.bytes));
			out.set(u32, at + 4, ids.get(u32, index!.address + from * 4));
		});
	}
	core.record(site, call, c.args.map(traceArg), `${n} sorted`);
	return undefined;
}

/** The Sort row. */
export const SORT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'Sort',
		group: 'ascendc-math-library',
		signature: SIGNATURE,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range'],
		products: ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore'],
		doc: {
			zh: '按分数降序排序，分数相同时保持输入顺序；isFullSort 为 true 时对全部数据排序，否则每次迭代内各自排序。A2/A3 每次迭代 32 个分数，结果为 8 字节的 (score, index) 对（score 在低字节，uint32_t 索引在高 4 字节）；推理系列 AI Core 每次迭代 16 个 Region Proposal，按第 5 个元素（score）整体移动。tmp 不写入；带 SortConfig 的形式不模拟。',
			en: 'Sorts scores in descending order, ties keeping the input order; with isFullSort every score takes part, otherwise each repeat is sorted on its own. On A2/A3 a repeat sorts 32 scores into 8-byte (score, index) pairs (the score in the low bytes, the uint32_t index in the high 4); on the inference AI Core a repeat sorts 16 region proposals, moved whole by their fifth element (the score). tmp is not written; the SortConfig forms are not modelled.',
		},
		source: ascendCAdvancedDoc('排序操作/Sort.md'),
		run,
	}),
];
