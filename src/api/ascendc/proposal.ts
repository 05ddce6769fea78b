/**
 * The region-proposal basic APIs of the inference AI Core and the training series (asc-devkit
 * docs/zh/api/SIMD-API/基础API/Memory矢量计算/排序组合（ISASI）/ at 0da921b9; checks as
 * impl/basic_api/kernel_operator_proposal_intf_impl.h): 16 proposals of 8 elements a repeat,
 * `repeatTime ∈ [0, 255]`, `modeNumber ∈ [0, 5]` naming x1, y1, x2, y2, score or label.
 *
 * - ProposalConcat: element k of the repeat goes into field `modeNumber` of proposal k; the
 *   other fields keep what they held.
 * - ProposalExtract: field `modeNumber` of proposal k comes out as element k.
 * - RpSort16: each repeat's 16 proposals in descending order of score, moved whole, ties in input
 *   order.
 *
 * Bits move unchanged: nothing is rounded.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { checkLocalOperand, checkParamRange } from '../../sim/kernel/operand-checks.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import type { ProductId } from '../../sim/product-id.ts';
import { parseSignature } from '../signature.ts';
import { ascendCDoc } from '../sources.ts';
import {
	descendingOrder,
	PROPOSAL,
	repeatInRange,
	sortCall,
	type SortCall,
} from './sort-layout.ts';
import { traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const PRODUCTS: readonly ProductId[] = ['atlas-inference-aicore', 'atlas-training'];
const PER_REPEAT = 16;
const PAGE = (name: string) => ascendCDoc(`Memory矢量计算/排序组合（ISASI）/${name}.md`);

const SIGNATURES = {
	ProposalConcat:
		'template <typename T> __aicore__ inline void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const int32_t modeNumber)',
	ProposalExtract:
		'template <typename T> __aicore__ inline void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const int32_t modeNumber)',
	RpSort16:
		'template <typename T> __aicore__ inline void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime)',
} as const;
type Name = keyof typeof SIGNATURES;

/** The checks of the three: operands, element type, repeatTime (and modeNumber). */
function checked(
	core: CoreContext,
	c: ApiCall,
	name: Name,
): { s: SortCall; dst: LocalTensor; src: LocalTensor; n: number; field: number } | undefined {
	const [dst, src] = c.args as LocalTensor[];
	const call = `${name}<${src!.dtype.name}>`;
	const s = sortCall(
		core,
		c.site(),
		{ call, api: name, instr: name === 'RpSort16' ? 'vbitsort' : name.toLowerCase() },
		parseSignature(SIGNATURES[name]),
		[
			['dst', dst!],
			['src', src!],
		],
		src!,
	);
	const repeat = Math.trunc(Number(c.args[2]));
	const field = name === 'RpSort16' ? PROPOSAL.score : Math.trunc(Number(c.args[3]));
	const ok =
		s.typed &&
		(name === 'RpSort16' || checkParamRange(core, s.site, s.ctx, 'modeNumber', field, 0, 5)) &&
		repeatInRange(core, s, repeat);
	if (!ok) {
		core.record(s.site, call, c.args.map(traceArg), 'void');
		return undefined;
	}
	return { s, dst: dst!, src: src!, n: repeat * PER_REPEAT, field };
}

function operand(
	core: CoreContext,
	s: SortCall,
	role: string,
	t: LocalTensor,
	kind: 'read' | 'write',
	extent: number,
) {
	return checkLocalOperand(core, s.site, s.ctx, { role, tensor: t, kind, extent, limit: 'tensor' });
}

function move(
	core: CoreContext,
	c: ApiCall,
	name: 'ProposalConcat' | 'ProposalExtract',
): undefined {
	const k = checked(core, c, name);
	if (!k) return undefined;
	const { s, dst, src, n, field } = k;
	const e = src.dtype.bytes;
	const record = PROPOSAL.elements * e;
	const concat = name === 'ProposalConcat';
	core.observeAccess(s.site, s.ctx.call, [
		operand(core, s, 'src', src, 'read', concat ? n * e : n * record),
		operand(core, s, 'dst', dst, 'write', concat ? n * record : n * e),
	]);
	const from = core.storeOf(src.hardware);
	const to = core.storeOf(dst.hardware);
	for (let i = 0; i < n; i++) {
		const proposal = i * record + field * e;
		if (concat) to.write(dst.address + proposal, from.read(src.address + i * e, e));
		else to.write(dst.address + i * e, from.read(src.address + proposal, e));
	}
	core.record(
		s.site,
		s.ctx.call,
		c.args.map(traceArg),
		`${n} ${concat ? 'into' : 'from'} field ${field}`,
	);
	return undefined;
}

function rpSort16(core: CoreContext, c: ApiCall): undefined {
	const k = checked(core, c, 'RpSort16');
	if (!k) return undefined;
	const { s, dst, src, n } = k;
	const t = src.dtype;
	const record = PROPOSAL.elements * t.bytes;
	core.observeAccess(s.site, s.ctx.call, [
		operand(core, s, 'src', src, 'read', n * record),
		operand(core, s, 'dst', dst, 'write', n * record),
	]);
	const from = core.storeOf(src.hardware);
	const image = from.read(src.address, n * record);
	const scores = Array.from({ length: n }, (_, i) =>
		from.get(t, src.address + i * record + PROPOSAL.score * t.bytes),
	);
	const to = core.storeOf(dst.hardware);
	descendingOrder(scores, PER_REPEAT).forEach((i, j) =>
		to.write(dst.address + j * record, image.subarray(i * record, (i + 1) * record)),
	);
	core.record(s.site, s.ctx.call, c.args.map(traceArg), `${n} sorted`);
	return undefined;
}

const DOCS: Record<Name, { zh: string; en: string }> = {
	ProposalConcat: {
		zh: '每次迭代把 src 的 16 个元素依次写进 dst 中 16 个 Region Proposal 的第 modeNumber 个字段（0–5：x1、y1、x2、y2、score、label），其余字段不变。',
		en: 'Each repeat writes 16 elements of src into field modeNumber (0–5: x1, y1, x2, y2, score, label) of 16 region proposals of dst; the other fields stay as they were.',
	},
	ProposalExtract: {
		zh: '每次迭代从 src 的 16 个 Region Proposal 中取出第 modeNumber 个字段（0–5：x1、y1、x2、y2、score、label），排成 dst 的 16 个元素。',
		en: 'Each repeat takes field modeNumber (0–5: x1, y1, x2, y2, score, label) of 16 region proposals of src into 16 elements of dst.',
	},
	RpSort16: {
		zh: '每次迭代把 16 个 Region Proposal 按 score 降序整体排序，score 相同时保持输入顺序；不同迭代之间不排序。',
		en: 'Each repeat sorts 16 region proposals whole in descending order of score, ties keeping the input order; repeats are not sorted against each other.',
	},
};

/** The ProposalConcat, ProposalExtract and RpSort16 rows. */
export const PROPOSAL_APIS: readonly KernelApiRow[] = (Object.keys(SIGNATURES) as Name[]).map(
	(name) =>
		kernelApi({
			name,
			group: 'ascendc-math-library',
			signature: SIGNATURES[name],
			cost: PER_STEP_COST,
			diagnostics: [...VECTOR_DIAGNOSTICS, 'param-out-of-range'],
			products: PRODUCTS,
			doc: DOCS[name],
			source: PAGE(name),
			run: name === 'RpSort16' ? rpSort16 : (core, c) => move(core, c, name),
		}),
);
