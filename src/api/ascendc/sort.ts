/**
 * Sort, Concat, Extract, GetSortOffset and GetSortLen (asc-devkit docs/zh/api/SIMD-API/高阶API/
 * 排序操作/ at 0da921b9; what each does per product follows
 * impl/basic_api/kernel_operator_proposal_intf_impl.h). Layouts: sort-layout.ts.
 *
 * - Sort without SortConfig: scores in descending order, ties in input order; with `isFullSort`
 *   all of them, otherwise each repeat's group on its own. On A2/A3 the scores of `concat` and
 *   the indices of `index` become pairs in `dst`; on the inference AI Core the proposals of
 *   `concat` first take the index (when `index` has elements) and then move whole.
 * - Sort with SortConfig: the header gives these forms a body only on Ascend 950PR/950DT
 *   (`__NPU_ARCH__ == 3510`…); on the products simulated here the call compiles, writes nothing,
 *   and `api-form-empty-on-product` says so.
 * - Concat: on A2/A3 `concat = src` (the tensor itself, no data moves); on the inference AI Core
 *   each score of `src` goes into the score element of a proposal of `tmp`, and `concat = tmp`.
 * - Extract: the scores to `dstValue` and the indices to `dstIndex`, 32 pairs or 16 proposals a
 *   repeat (a half proposal's index is its y1 and label halves, low first).
 * - GetSortOffset / GetSortLen: elements of T per record times the count (pairs: 4 for half, 2
 *   for float; proposals: 8).
 *
 * `tmp` of Sort is accepted and not written.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { dtypeOf } from '../../sim/kernel/dtype.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { checkLocalOperand } from '../../sim/kernel/operand-checks.ts';
import { dtypeUnsupported, vectorCheckContext } from '../../sim/kernel/vector-instruction.ts';
import { kernelApi, NO_COST, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { parseSignature } from '../signature.ts';
import { ascendCAdvancedDoc, ascendCDoc } from '../sources.ts';
import {
	descendingOrder,
	PROPOSAL,
	repeatInRange,
	sortCall,
	sortLayout,
	type SortCall,
} from './sort-layout.ts';
import { traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const SORT_PRODUCTS = ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore'] as const;
/** Where the SortConfig forms have a body (Sort.md: "仅在Ascend 950PR/Ascend 950DT上支持"). */
const SORT_CONFIG_PRODUCTS = 'Ascend 950PR/Ascend 950DT';

const CONFIG_HEAD = (u: boolean) =>
	`template <typename T, ${u ? 'typename U, ' : ''}bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG> __aicore__ inline void Sort`;
const SORT_SIGNATURES = [
	'template <typename T, bool isFullSort> __aicore__ inline void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime)',
	`${CONFIG_HEAD(false)}(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount)`,
	`${CONFIG_HEAD(false)}(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount)`,
	`${CONFIG_HEAD(true)}(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor, const LocalTensor<U>& srcIndexTensor, const uint32_t calCount)`,
	`${CONFIG_HEAD(false)}(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount)`,
	`${CONFIG_HEAD(false)}(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount)`,
	`${CONFIG_HEAD(true)}(LocalTensor<T>& dstTensor, LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor, const LocalTensor<U>& srcIndexTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount)`,
];
const SORT_PARSED = parseSignature(SORT_SIGNATURES[0]!);
const SORT32_SIGNATURE =
	'template <typename T> __aicore__ inline void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1, const int32_t repeatTime)';
const SORT32_PARSED = parseSignature(SORT32_SIGNATURE);
const CONCAT_SIGNATURE =
	'template <typename T> __aicore__ inline void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t repeatTime)';
const CONCAT_PARSED = parseSignature(CONCAT_SIGNATURE);
const EXTRACT_SIGNATURE =
	'template <typename T> __aicore__ inline void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted, const int32_t repeatTime)';
const EXTRACT_PARSED = parseSignature(EXTRACT_SIGNATURE);

function repeatOf(v: unknown): number {
	return Math.trunc(Number(v));
}

function access(
	core: CoreContext,
	s: SortCall,
	role: string,
	tensor: LocalTensor,
	kind: 'read' | 'write',
	extent: number,
) {
	return checkLocalOperand(core, s.site, s.ctx, { role, tensor, kind, extent, limit: 'tensor' });
}

/** A SortConfig form: nothing happens on the products simulated here. */
function sortWithConfig(core: CoreContext, c: ApiCall): undefined {
	const dst = c.args[0] as LocalTensor;
	const call = `Sort<${dst.dtype.name}>`;
	const site = c.site();
	core.trace.diagnose(site, 'api-form-empty-on-product', {
		call,
		product: core.productName,
		products: SORT_CONFIG_PRODUCTS,
		dst: 'dstTensor',
	});
	core.record(site, call, c.args.map(traceArg), 'nothing written');
	return undefined;
}

function sort(core: CoreContext, c: ApiCall): undefined {
	if (c.form > 0) return sortWithConfig(core, c);
	const [dst, concat, index, tmp] = c.args as LocalTensor[];
	const full = c.targs[1] === 1 || c.targs[1] === 'true';
	const call = `Sort<${concat!.dtype.name}, ${full}>`;
	const operands = [
		['dst', dst!],
		['concat', concat!],
		['index', index!],
		['tmp', tmp!],
	] as const;
	const s = sortCall(
		core,
		c.site(),
		{ call, api: 'Sort', instr: 'vsort' },
		SORT_PARSED,
		operands,
		concat!,
	);
	return sortRecords(core, c, s, {
		dst: dst!,
		concat: concat!,
		index: index!,
		full,
		repeat: repeatOf(c.args[4]),
	});
}

/** Sort32: one Sort repeat of 32 pairs per repeat, without the full sort. */
function sort32(core: CoreContext, c: ApiCall): undefined {
	const [dst, src0, src1] = c.args as LocalTensor[];
	const call = `Sort32<${src0!.dtype.name}>`;
	const operands = [
		['dst', dst!],
		['src0', src0!],
		['src1', src1!],
	] as const;
	const s = sortCall(
		core,
		c.site(),
		{ call, api: 'Sort32', instr: 'vbitsort' },
		SORT32_PARSED,
		operands,
		src0!,
	);
	return sortRecords(core, c, s, {
		dst: dst!,
		concat: src0!,
		index: src1!,
		full: false,
		repeat: repeatOf(c.args[3]),
	});
}

/** The records a Sort (or Sort32) call sorts, after its checks. */
interface SortJob {
	readonly dst: LocalTensor;
	readonly concat: LocalTensor;
	readonly index: LocalTensor;
	readonly full: boolean;
	readonly repeat: number;
}

function sortRecords(core: CoreContext, c: ApiCall, s: SortCall, job: SortJob): undefined {
	const { dst, concat, index, full, repeat } = job;
	const t = concat.dtype;
	const call = s.ctx.call;
	if (!s.typed || !repeatInRange(core, s, repeat)) {
		core.record(s.site, call, c.args.map(traceArg), 'void');
		return undefined;
	}
	const layout = sortLayout(core, t.bytes);
	const n = repeat * layout.perRepeat;
	const proposals = layout.kind === 'proposals';
	const withIndex = !proposals || index.size > 0;
	core.observeAccess(s.site, call, [
		access(core, s, 'dst', dst, 'write', n * layout.bytes),
		access(core, s, 'concat', concat, 'read', proposals ? n * layout.bytes : n * t.bytes),
		...(withIndex ? [access(core, s, 'index', index, 'read', n * 4)] : []),
	]);
	const src = core.storeOf(concat.hardware);
	const out = core.storeOf(dst.hardware);
	const ids = core.storeOf(index.hardware);
	const u32 = index.dtype;
	const recordAt = (i: number) => concat.address + i * (proposals ? layout.bytes : t.bytes);
	if (proposals && withIndex) {
		// The library first writes each index into its proposal (ProposalConcat at 5, and 1).
		for (let i = 0; i < n; i++) {
			const at = recordAt(i);
			const id = ids.get(u32, index.address + i * 4);
			if (t.bytes === 4) src.set(u32, at + PROPOSAL.label * 4, id);
			else {
				src.write(at + PROPOSAL.y1 * 2, ids.read(index.address + i * 4, 2));
				src.write(at + PROPOSAL.label * 2, ids.read(index.address + i * 4 + 2, 2));
			}
		}
	}
	const scores = Array.from({ length: n }, (_, i) => src.get(t, recordAt(i) + layout.score));
	const sorted = descendingOrder(scores, full ? n : layout.perRepeat);
	if (proposals) {
		const image = src.read(concat.address, n * layout.bytes);
		sorted.forEach((from, k) =>
			out.write(
				dst.address + k * layout.bytes,
				image.subarray(from * layout.bytes, (from + 1) * layout.bytes),
			),
		);
	} else {
		sorted.forEach((from, k) => {
			const at = dst.address + k * layout.bytes;
			out.write(at, src.read(recordAt(from), t.bytes));
			out.set(u32, at + 4, ids.get(u32, index.address + from * 4));
		});
	}
	core.record(s.site, call, c.args.map(traceArg), `${n} sorted`);
	return undefined;
}

function concat(core: CoreContext, c: ApiCall): undefined {
	const target = c.peek?.(0) as LocalTensor | undefined;
	const [, src, tmp] = c.args as LocalTensor[];
	const repeat = repeatOf(c.args[3]);
	const t = src!.dtype;
	const call = `Concat<${t.name}>`;
	const trace = [target?.describe() ?? 'concat', ...c.args.slice(1).map(traceArg)];
	const s = sortCall(
		core,
		c.site(),
		{ call, api: 'Concat', instr: 'vconcat' },
		CONCAT_PARSED,
		[
			['src', src!],
			['tmp', tmp!],
		],
		src!,
	);
	if (!s.typed || !checkRepeat(core, s, repeat)) {
		core.record(s.site, call, trace, 'void');
		return undefined;
	}
	const layout = sortLayout(core, t.bytes);
	if (layout.kind === 'pairs') {
		c.out(0, src);
		core.record(s.site, call, trace, `concat = ${src!.describe()}`);
		return undefined;
	}
	const n = repeat * 16;
	core.observeAccess(s.site, call, [
		access(core, s, 'src', src!, 'read', n * t.bytes),
		access(core, s, 'tmp', tmp!, 'write', n * layout.bytes),
	]);
	const from = core.storeOf(src!.hardware);
	const to = core.storeOf(tmp!.hardware);
	for (let i = 0; i < n; i++)
		to.write(
			tmp!.address + i * layout.bytes + layout.score,
			from.read(src!.address + i * t.bytes, t.bytes),
		);
	c.out(0, tmp);
	core.record(s.site, call, trace, `${n} scores into proposals; concat = ${tmp!.describe()}`);
	return undefined;
}

/** Concat and Extract take `repeatTime ∈ [0, 255]`; 0 does nothing. */
function checkRepeat(core: CoreContext, s: SortCall, repeat: number): boolean {
	return repeatInRange(core, s, repeat);
}

function extract(core: CoreContext, c: ApiCall): undefined {
	const [dstValue, dstIndex, sorted] = c.args as LocalTensor[];
	const repeat = repeatOf(c.args[3]);
	const t = sorted!.dtype;
	const call = `Extract<${t.name}>`;
	const s = sortCall(
		core,
		c.site(),
		{ call, api: 'Extract', instr: 'vextract' },
		EXTRACT_PARSED,
		[
			['dstValue', dstValue!],
			['dstIndex', dstIndex!],
			['sorted', sorted!],
		],
		sorted!,
	);
	if (!s.typed || !checkRepeat(core, s, repeat)) {
		core.record(s.site, call, c.args.map(traceArg), 'void');
		return undefined;
	}
	const layout = sortLayout(core, t.bytes);
	const n = repeat * layout.perRepeat;
	const withIndex = layout.kind === 'pairs' || dstIndex!.size > 0;
	core.observeAccess(s.site, call, [
		access(core, s, 'sorted', sorted!, 'read', n * layout.bytes),
		access(core, s, 'dstValue', dstValue!, 'write', n * t.bytes),
		...(withIndex ? [access(core, s, 'dstIndex', dstIndex!, 'write', n * 4)] : []),
	]);
	const from = core.storeOf(sorted!.hardware);
	const values = core.storeOf(dstValue!.hardware);
	const ids = core.storeOf(dstIndex!.hardware);
	for (let i = 0; i < n; i++) {
		const at = sorted!.address + i * layout.bytes;
		values.write(dstValue!.address + i * t.bytes, from.read(at + layout.score, t.bytes));
		if (!withIndex) continue;
		const to = dstIndex!.address + i * 4;
		if (layout.kind === 'pairs') ids.write(to, from.read(at + 4, 4));
		else if (t.bytes === 4) ids.write(to, from.read(at + PROPOSAL.label * 4, 4));
		else {
			ids.write(to, from.read(at + PROPOSAL.y1 * 2, 2));
			ids.write(to + 2, from.read(at + PROPOSAL.label * 2, 2));
		}
	}
	core.record(s.site, call, c.args.map(traceArg), `${n} extracted`);
	return undefined;
}

/** GetSortOffset / GetSortLen: the count times the elements of T one record takes. */
function recordElements(name: 'GetSortOffset' | 'GetSortLen') {
	const signature = SIZE_SIGNATURES[name];
	const parsed = parseSignature(signature);
	return (core: CoreContext, c: ApiCall): number => {
		const t = dtypeOf(String(c.targs[0] ?? ''));
		const count = Math.trunc(Number(c.args[0])) >>> 0;
		if (t?.name !== 'half' && t?.name !== 'float') {
			const call = `${name}<${t?.name ?? String(c.targs[0])}>`;
			const ctx = vectorCheckContext(core, call, name, { instr: name }, 'calcount', () =>
				parsed.text.replace(/^template <typename T> __aicore__ inline /, ''),
			);
			dtypeUnsupported(core, c.site(), ctx, t?.name ?? String(c.targs[0]), ['half', 'float']);
			return 0;
		}
		return (count * sortLayout(core, t.bytes).elements) >>> 0;
	};
}

const SIZE_SIGNATURES = {
	GetSortOffset:
		'template <typename T> __aicore__ inline uint32_t GetSortOffset(const uint32_t elemOffset)',
	GetSortLen:
		'template <typename T> __aicore__ inline uint32_t GetSortLen(const uint32_t elemCount)',
} as const;

/** The Sort, Sort32, Concat, Extract, GetSortOffset and GetSortLen rows. */
export const SORT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'Sort',
		group: 'ascendc-math-library',
		signature: SORT_SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range', 'api-form-empty-on-product'],
		products: [...SORT_PRODUCTS],
		doc: {
			zh: '按分数降序排序，分数相同时保持输入顺序；isFullSort 为 true 时对全部数据排序，否则每次迭代内各自排序。A2/A3 每次迭代 32 个分数，结果为 8 字节的 (score, index) 对（score 在低字节，uint32_t 索引在高 4 字节）；推理系列 AI Core 每次迭代 16 个 Region Proposal：index 有元素时先把索引写进 label（half 时低 16 位写进 y1、高 16 位写进 label），再按第 5 个元素（score）整体移动。tmp 不写入。带 SortConfig 的形式只在 Ascend 950PR/950DT 上有实现，在这里模拟的产品上调用不写任何数据，并给出警告。',
			en: 'Sorts scores in descending order, ties keeping the input order; with isFullSort every score takes part, otherwise each repeat is sorted on its own. On A2/A3 a repeat sorts 32 scores into 8-byte (score, index) pairs (the score in the low bytes, the uint32_t index in the high 4); on the inference AI Core a repeat sorts 16 region proposals: when index has elements each index is first written into the label (for half, its low 16 bits into y1 and its high 16 into label), then proposals move whole by their fifth element (the score). tmp is not written. The SortConfig forms have a body only on Ascend 950PR/950DT: on the products simulated here the call writes nothing and a warning says so.',
		},
		source: ascendCAdvancedDoc('排序操作/Sort.md'),
		run: sort,
	}),
	kernelApi({
		name: 'Sort32',
		group: 'ascendc-math-library',
		signature: SORT32_SIGNATURE,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range'],
		products: ['atlas-a2', 'atlas-a3', 'atlas-200i-500-a2'],
		doc: {
			zh: '基础 API：每次迭代把 src0 的 32 个分数连同 src1 的 uint32_t 索引按分数降序排成 8 字节的 (score, index) 对，分数相同时保持输入顺序；不同迭代之间不排序。',
			en: 'Basic API: each repeat sorts 32 scores of src0, with the uint32_t indices of src1, into 8-byte (score, index) pairs in descending order, ties keeping the input order; repeats are not sorted against each other.',
		},
		source: ascendCDoc('Memory矢量计算/排序组合（ISASI）/Sort32.md'),
		run: sort32,
	}),
	kernelApi({
		name: 'Concat',
		group: 'ascendc-math-library',
		signature: CONCAT_SIGNATURE,
		inout: ['concat'],
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range'],
		products: [...SORT_PRODUCTS],
		doc: {
			zh: 'Sort 前的预处理。A2/A3 上 concat 直接成为 src（不搬运数据）；推理系列 AI Core 上把 src 的每个分数写进 tmp 中对应 Region Proposal 的 score 元素（每次迭代 16 个），concat 成为 tmp。',
			en: 'Prepares data for Sort. On A2/A3 concat simply becomes src (no data moves); on the inference AI Core each score of src is written into the score element of the matching region proposal of tmp (16 a repeat), and concat becomes tmp.',
		},
		source: ascendCAdvancedDoc('排序操作/Concat.md'),
		run: concat,
	}),
	kernelApi({
		name: 'Extract',
		group: 'ascendc-math-library',
		signature: EXTRACT_SIGNATURE,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range'],
		products: [...SORT_PRODUCTS],
		doc: {
			zh: '从 Sort 的结果中取出分数到 dstValue、索引到 dstIndex。A2/A3 每次迭代 32 个 (score, index) 对；推理系列 AI Core 每次迭代 16 个 Region Proposal，索引取自 label（half 时由 y1 与 label 两个 half 拼成，y1 在低位），dstIndex 没有元素时只取分数。',
			en: 'Takes the scores of a Sort result into dstValue and the indices into dstIndex. On A2/A3 a repeat covers 32 (score, index) pairs; on the inference AI Core 16 region proposals, the index read from the label (for half, the y1 and label halves, y1 low), and only the scores when dstIndex has no elements.',
		},
		source: ascendCAdvancedDoc('排序操作/Extract.md'),
		run: extract,
	}),
	...(['GetSortOffset', 'GetSortLen'] as const).map((name) =>
		kernelApi({
			name,
			group: 'ascendc-math-library',
			signature: SIZE_SIGNATURES[name],
			cost: NO_COST,
			diagnostics: ['vector-dtype-unsupported'],
			doc: {
				zh: `${name === 'GetSortOffset' ? '第 elemOffset 个元素' : 'elemCount 个元素'}在排序数据中占的 T 元素个数：A2/A3 上 half 乘 4、float 乘 2（每个 (score, index) 对 8 字节）；推理系列 AI Core 上乘 8（每个 Region Proposal 8 个元素）。文档写作“字节”，但返回值按 T 的元素计，可直接用作 LocalTensor 的下标。`,
				en: `How many elements of T ${name === 'GetSortOffset' ? 'element elemOffset sits at' : 'elemCount elements take'} in sorted data: times 4 for half and 2 for float on A2/A3 (8-byte (score, index) pairs), times 8 on the inference AI Core (8-element region proposals). The page says bytes, but the value counts elements of T and indexes a LocalTensor directly.`,
			},
			source: ascendCAdvancedDoc(`排序操作/${name}.md`),
			run: recordElements(name),
		}),
	),
];
