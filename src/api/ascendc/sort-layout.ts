/**
 * How the sort family (Sort, Concat, Extract, MrgSort, GetSortOffset, GetSortLen) lays out its
 * records, per product (asc-devkit docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md at 0da921b9,
 * and impl/basic_api/kernel_operator_proposal_intf_impl.h):
 *
 * - 排布方式一 (Atlas A2/A3): 8-byte (score, index) pairs, the score in the low bytes (a half's
 *   next 2 bytes reserved) and the uint32_t index in the high 4; 32 scores a Sort repeat.
 * - 排布方式二 (Atlas inference series AI Core, and the training series' basic APIs): region proposals of 8 elements
 *   `[x1, y1, x2, y2, score, label, reserved_0, reserved_1]`; 16 proposals a repeat. The index a
 *   Sort carries goes into the label (float: its 32 bits), or for half into y1 (low 16 bits) and
 *   label (high 16 bits), as the library's ProposalConcat calls with positions 1 and 5 do.
 *
 * Records move as bytes: nothing is rounded.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { checkParamRange, type CheckContext } from '../../sim/kernel/operand-checks.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
} from '../../sim/kernel/vector-instruction.ts';
import type { CallSite } from '../../sim/trace.ts';
import type { ApiSignature } from '../signature.ts';
import { frameFuncOf } from './vector-call.ts';

/** Element positions inside a region proposal. */
export const PROPOSAL = { elements: 8, y1: 1, score: 4, label: 5 } as const;

/** The record layout of one product and element type. */
export interface SortLayout {
	readonly kind: 'pairs' | 'proposals';
	/** Bytes of one record. */
	readonly bytes: number;
	/** Byte offset of the score inside a record. */
	readonly score: number;
	/** Records one Sort repeat (and one Extract repeat) covers. */
	readonly perRepeat: number;
	/** Elements of T per record: what GetSortOffset and GetSortLen multiply by. */
	readonly elements: number;
}

/** The layout of `core`'s product for elements of `elemBytes` bytes (2 or 4). */
export function sortLayout(core: CoreContext, elemBytes: number): SortLayout {
	if (core.profile.arch === 2002 || core.profile.arch === 1001) {
		return {
			kind: 'proposals',
			bytes: PROPOSAL.elements * elemBytes,
			score: PROPOSAL.score * elemBytes,
			perRepeat: 16,
			elements: PROPOSAL.elements,
		};
	}
	return { kind: 'pairs', bytes: 8, score: 0, perRepeat: 32, elements: 8 / elemBytes };
}

/**
 * Positions 0…n-1 in sorting order: descending by score, each group of `group` on its own (all
 * together when `group` ≥ n); on a tie the earlier position first ("如果i>j，则score[j]将首先被
 * 选出来").
 */
export function descendingOrder(scores: readonly number[], group: number): number[] {
	const out: number[] = [];
	for (let start = 0; start < scores.length; start += group) {
		const ids = Array.from({ length: Math.min(group, scores.length - start) }, (_, i) => start + i);
		// Array.prototype.sort is stable, so equal scores keep the input order.
		ids.sort((a, b) => scores[b]! - scores[a]!);
		out.push(...ids);
	}
	return out;
}

/** A sort-family call after its common checks. */
export interface SortCall {
	readonly site: CallSite;
	readonly ctx: CheckContext;
	/** Whether the element type is half or float (otherwise nothing is computed). */
	readonly typed: boolean;
}

/**
 * The checks every call of the family makes: UB operands (VECIN/VECCALC/VECOUT), an element type
 * of half or float ("Failed to check dtype in Sort, … half / float").
 */
export function sortCall(
	core: CoreContext,
	site: CallSite,
	names: { readonly call: string; readonly api: string; readonly instr: string },
	sig: ApiSignature,
	operands: ReadonlyArray<readonly [string, LocalTensor]>,
	elem: LocalTensor,
): SortCall {
	const ctx = vectorCheckContext(core, names.call, names.api, names, 'calcount', () =>
		frameFuncOf(names.api, sig, elem.dtype.demangled),
	);
	for (const [role, x] of operands) checkVectorPosition(core, site, ctx, role, x);
	const typed = elem.dtype.name === 'half' || elem.dtype.name === 'float';
	if (!typed) dtypeUnsupported(core, site, ctx, elem.dtype.name, ['half', 'float']);
	return { site, ctx, typed };
}

/** `repeatTime ∈ [min, 255]`; false (and reported) outside it, false also for 0. */
export function repeatInRange(
	core: CoreContext,
	s: SortCall,
	repeat: number,
	min = 0,
): repeat is number {
	return checkParamRange(core, s.site, s.ctx, 'repeatTime', repeat, min, 255) && repeat > 0;
}
