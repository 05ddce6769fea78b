/**
 * MrgSort: merges up to four sorted lists into one, by score from high to low (asc-devkit
 * docs/zh/api/SIMD-API/高阶API/排序操作/MrgSort-93.md and the basic
 * 基础API/Memory矢量计算/排序组合（ISASI）/MrgSort.md at 0da921b9; the checks follow
 * impl/basic_api/kernel_operator_proposal_intf_impl.h). Records are those of sort-layout.ts:
 * (score, index) pairs on A2/A3, region proposals on the inference AI Core.
 *
 * - The lists `validBit` marks (3, 7 or 15: the first 2, 3 or 4) take part, list q holding
 *   `elementCountList[q]` records; on equal scores the earlier list goes first, and each list
 *   keeps its own order.
 * - `isExhaustedSuspension`: merging stops once a list has run out; `sortedNum[q]` then holds the
 *   records taken from list q (the high-level form reads them back from the VMS4 register).
 * - `repeatTime` > 1 merges the next group of four: sources and destination move on by the four
 *   lists' total length each time (the page's conditions: four equal, contiguous lists).
 *
 * Records move as bytes: nothing is rounded.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import {
	checkLocalOperand,
	checkParamOneOf,
	checkParamRange,
	type CheckContext,
} from '../../sim/kernel/operand-checks.ts';
import type { MemoryAccess } from '../../sim/kernel/memory-access.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import type { ApiElements } from '../param-kind.ts';
import { parseSignature } from '../signature.ts';
import { ascendCAdvancedDoc, ascendCDoc } from '../sources.ts';
import { repeatInRange, sortCall, sortLayout } from './sort-layout.ts';
import { traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const SIGNATURES = [
	'template <typename T, bool isExhaustedSuspension = false> __aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4], uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime)',
	'template <typename T> __aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params)',
];
const PARSED = SIGNATURES.map((s) => parseSignature(s));
const MRG_SORT4_SIGNATURE =
	'template <typename T> __aicore__ inline void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params)';
const MRG_SORT4_PARSED = parseSignature(MRG_SORT4_SIGNATURE);
/** The CPU-debug assert of validBit (kernel_operator_proposal_intf_impl.h). */
const VALID_BIT_MESSAGE =
	'Failed to check validBit value in MrgSort, its valid value is 3 / 7 / 15';
const LISTS_BY_VALID_BIT = new Map([
	[3, 2],
	[7, 3],
	[15, 4],
]);
const MAX_LENGTH = 4095;

/** What one merge takes, whichever form passed it. */
interface Merge {
	readonly dst: LocalTensor;
	readonly lists: readonly (LocalTensor | null | undefined)[];
	readonly lengths: readonly number[];
	readonly validBit: number;
	readonly repeat: number;
	readonly exhausted: boolean;
	/** Where the counts of the exhausted mode go (the high-level form's sortedNum). */
	readonly sortedNum: ApiElements | undefined;
}

/** Whether the call is a basic form (MrgSort with MrgSort4Info, or MrgSort4). */
function basicForm(c: ApiCall): boolean {
	return c.name === 'MrgSort4' || c.form === 1;
}

function mergeOf(c: ApiCall): Merge {
	const list = (c.args[1] ?? {}) as Record<string, LocalTensor | undefined>;
	const lists = [list.src1, list.src2, list.src3, list.src4].map((x) => x ?? undefined);
	if (!basicForm(c)) {
		const counts = c.args[2] as ApiElements;
		return {
			dst: c.args[0] as LocalTensor,
			lists,
			lengths: [0, 1, 2, 3].map((i) => counts.get(i)),
			validBit: Number(c.args[4]),
			repeat: Math.trunc(Number(c.args[5])),
			exhausted: c.targs[1] === 1 || c.targs[1] === 'true',
			sortedNum: c.args[3] as ApiElements,
		};
	}
	const p = (c.args[2] ?? {}) as Record<string, unknown>;
	const lengths = Array.isArray(p.elementLengths) ? p.elementLengths : [];
	return {
		dst: c.args[0] as LocalTensor,
		lists,
		lengths: [0, 1, 2, 3].map((i) => Number(lengths[i] ?? 0)),
		validBit: Number(p.validBit ?? 0),
		repeat: Number(p.repeatTimes ?? 1),
		exhausted: Number(p.ifExhaustedSuspension ?? 0) !== 0,
		sortedNum: undefined,
	};
}

function lengthsInRange(core: CoreContext, site: ApiCall, ctx: CheckContext, m: Merge): boolean {
	return m.lengths.every((n, i) =>
		checkParamRange(core, site.site(), ctx, `elementLengths[${i}]`, n, 0, MAX_LENGTH),
	);
}

function run(core: CoreContext, c: ApiCall): undefined {
	const m = mergeOf(c);
	const t = m.dst.dtype;
	const api = c.name === 'MrgSort4' ? 'MrgSort4' : 'MrgSort';
	const call = `${api}<${t.name}${basicForm(c) ? '' : `, ${m.exhausted}`}>`;
	const count = LISTS_BY_VALID_BIT.get(m.validBit) ?? 0;
	const lists = m.lists.slice(0, Math.max(2, count));
	const present = lists.filter((x): x is LocalTensor => (x?.size ?? 0) > 0);
	const s = sortCall(
		core,
		c.site(),
		{ call, api, instr: 'vmrgsort4' },
		c.name === 'MrgSort4' ? MRG_SORT4_PARSED : PARSED[c.form]!,
		[['dst', m.dst], ...present.map((x, i) => [`src${i + 1}`, x] as const)],
		m.dst,
	);
	const checked =
		s.typed &&
		lengthsInRange(core, c, s.ctx, m) &&
		checkParamOneOf(
			core,
			s.site,
			s.ctx,
			{ param: 'validBit', value: m.validBit, allowed: [3, 7, 15] },
			VALID_BIT_MESSAGE,
		) &&
		repeatInRange(core, s, m.repeat, basicForm(c) ? 0 : 1);
	if (!checked || present.length < count) {
		core.record(s.site, call, c.args.map(traceArg), 'void');
		return undefined;
	}
	const layout = sortLayout(core, t.bytes);
	const lengths = m.lengths.slice(0, count);
	const total = lengths.reduce((a, b) => a + b, 0);
	const accesses: MemoryAccess[] = [];
	const access = (role: string, x: LocalTensor, kind: 'read' | 'write', extent: number) =>
		accesses.push(
			checkLocalOperand(core, s.site, s.ctx, { role, tensor: x, kind, extent, limit: 'tensor' }),
		);
	const span = (m.repeat - 1) * total * layout.bytes;
	access('dst', m.dst, 'write', span + total * layout.bytes);
	present.forEach((x, q) => access(`src${q + 1}`, x, 'read', span + lengths[q]! * layout.bytes));
	core.observeAccess(s.site, call, accesses);
	const out = core.storeOf(m.dst.hardware);
	let taken: number[] = [];
	let written = 0;
	for (let r = 0; r < m.repeat; r++) {
		const skip = r * total * layout.bytes;
		const heads = lengths.map(() => 0);
		const scoreOf = (q: number) =>
			core
				.storeOf(present[q]!.hardware)
				.get(t, present[q]!.address + skip + heads[q]! * layout.bytes + layout.score);
		for (;;) {
			let best = -1;
			for (let q = 0; q < count; q++) {
				if (heads[q]! >= lengths[q]!) continue;
				if (best < 0 || scoreOf(q) > scoreOf(best)) best = q;
			}
			if (best < 0) break;
			const from = present[best]!;
			out.write(
				m.dst.address + skip + written * layout.bytes,
				core
					.storeOf(from.hardware)
					.read(from.address + skip + heads[best]! * layout.bytes, layout.bytes),
			);
			heads[best]!++;
			written++;
			if (m.exhausted && heads[best] === lengths[best]) break;
		}
		taken = heads;
		written = 0;
		if (m.exhausted) break;
	}
	if (m.exhausted) for (let q = 0; q < 4; q++) m.sortedNum?.set(q, taken[q] ?? 0);
	const merged = m.exhausted ? taken.reduce((a, b) => a + b, 0) : total * m.repeat;
	core.record(s.site, call, c.args.map(traceArg), `${merged} merged`);
	return undefined;
}

/** The MrgSort row: the high-level form and the basic one with MrgSort4Info. */
export const MRG_SORT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'MrgSort',
		group: 'ascendc-math-library',
		signature: SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range', 'param-value-invalid'],
		products: ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore', 'atlas-200i-500-a2'],
		doc: {
			zh: '把最多 4 条已排序队列按 score 从大到小合并成 1 条；score 相同时前面的队列先出，各队列内部保持原顺序。validBit 为 3、7、15 时前 2、3、4 条有效；isExhaustedSuspension（基础 API 为 ifExhaustedSuspension）为 true 时任一队列耗尽即停止，sortedNum 给出各队列已合并的个数；repeatTime 大于 1 时每次迭代源和目的都跳过 4 条队列的总长度。A2/A3 上每条记录是 8 字节的 (score, index) 对，推理系列 AI Core 上是 Region Proposal。高阶形式不在 Atlas 200I/500 A2 上提供，基础形式（MrgSort4Info）不在推理系列 AI Core 上提供（那里是 MrgSort4）。',
			en: 'Merges up to four sorted lists into one by score, high to low; on equal scores the earlier list goes first, and each list keeps its order. validBit 3, 7 or 15 makes the first 2, 3 or 4 lists valid; with isExhaustedSuspension (ifExhaustedSuspension in the basic API) merging stops as soon as one list runs out, and sortedNum gives the records taken from each; a repeatTime above 1 moves sources and destination on by the four lists’ total length per repeat. A record is an 8-byte (score, index) pair on A2/A3 and a region proposal on the inference AI Core. The high-level form is not on Atlas 200I/500 A2, and the basic form (MrgSort4Info) is not on the inference AI Core (which has MrgSort4).',
		},
		source: ascendCAdvancedDoc('排序操作/MrgSort-93.md'),
		run: (core, c) => {
			// Each form has its own product table.
			const missing =
				c.form === 0 ? core.product === 'atlas-200i-500-a2' : core.profile.arch === 2002;
			if (missing)
				c.stop('api-not-on-product', {
					name: 'MrgSort',
					product: core.productName,
					products: {
						zh: c.form === 0 ? 'Atlas A2/A3、推理系列 AI Core' : 'Atlas A2/A3、Atlas 200I/500 A2',
						en:
							c.form === 0
								? 'Atlas A2/A3, the inference series AI Core'
								: 'Atlas A2/A3, Atlas 200I/500 A2',
					},
				});
			return run(core, c);
		},
	}),
	kernelApi({
		name: 'MrgSort4',
		group: 'ascendc-math-library',
		signature: MRG_SORT4_SIGNATURE,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range', 'param-value-invalid'],
		products: ['atlas-inference-aicore', 'atlas-training'],
		doc: {
			zh: '基础 API：把最多 4 条已排序的 Region Proposal 队列按 score 从大到小合并成 1 条，参数由 MrgSort4Info 给出（规则同 MrgSort：validBit 为 3、7、15，ifExhaustedSuspension，repeatTimes）。',
			en: 'Basic API: merges up to four sorted lists of region proposals into one by score, high to low, with its parameters in MrgSort4Info (the rules of MrgSort: validBit 3, 7 or 15, ifExhaustedSuspension, repeatTimes).',
		},
		source: ascendCDoc('Memory矢量计算/排序组合（ISASI）/MrgSort4.md'),
		run,
	}),
];
