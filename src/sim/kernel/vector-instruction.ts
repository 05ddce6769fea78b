/**
 * Runs one vector instruction (a {@link VectorOpSpec}) on a core: checks that every operand is in
 * UB, aligned and long enough for `count` (a failed CPU assert `check <instr> instr failed` in
 * CPU debug), then computes the result element by element.
 */
import type { CallSite } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import { LocalTensor } from './local-tensor.ts';
import { CHECK_MESSAGES, checkLocalOperand } from './operand-checks.ts';
import { roundForCast, type VectorArg, type VectorOpSpec } from './vector-ops.ts';

/** Memories vector instructions can read (ascend-facts A.3: the vector unit reads only UB). */
const VECTOR_POSITIONS = 'VECIN, VECOUT, VECCALC';

/**
 * A vector instruction such as `Add(dst, src0, src1, count)`, `Adds(dst, src, scalar, count)`,
 * `Exp(dst, src, count)`, `Duplicate(dst, scalar, count)` or `Cast(dst, src, mode, count)`
 * (the count forms). Checks operand positions, alignment and lengths, then computes the
 * result. `op` undefined, or arguments that do not fit its form, is a form the simulator does not
 * check: a warning and a step, nothing computed. Returns false then.
 */
export function runVectorOp(
	core: CoreContext,
	site: CallSite,
	name: string,
	op: VectorOpSpec | undefined,
	args: readonly VectorArg[],
): boolean {
	if (
		!op ||
		op.form.length !== args.length ||
		op.form.some((kind, i) => (kind === 'dst' || kind === 'src') !== args[i] instanceof LocalTensor)
	) {
		core.trace.diagnose(site, 'vector-call-shape', {
			call: name,
			form: op ? `${name}(${op.form.join(', ')})` : 'none',
		});
		core.trace.step(
			site,
			name,
			args.map((a) => describeArg(a)),
			'unsupported form',
		);
		return false;
	}
	const tensors = args.filter((a): a is LocalTensor => a instanceof LocalTensor);
	const dst = tensors[0]!;
	const countArg = args[op.form.indexOf('count')];
	const count =
		typeof countArg === 'number' && Number.isFinite(countArg)
			? Math.max(0, Math.trunc(countArg))
			: 0;
	const call = `${name}<${dst.dtype.name}>`;
	const t = dst.dtype.demangled;
	const wording = core.wording;
	const frame: FrameworkFrame = {
		get func() {
			const params = op.form.map((kind) =>
				kind === 'dst' || kind === 'src'
					? `AscendC::LocalTensor<${t}> const&`
					: kind === 'count'
						? 'int const&'
						: kind === 'mode'
							? 'AscendC::RoundMode const&'
							: `${t} const&`,
			);
			return `void AscendC::${name}<${t}>(${params.join(', ')})`;
		},
		get file() {
			return frameworkPath(wording, 'vec');
		},
		line: 452,
	};
	let srcIndex = 0;
	tensors.forEach((tensor, i) => {
		const role = i === 0 ? 'dst' : tensors.length > 2 ? `src${srcIndex++}` : 'src';
		if (tensor.hardware !== 'UB') {
			core.trace.fail(site, call, {
				code: 'tensor-position-unsupported',
				values: { call, operand: role, position: tensor.position, supported: VECTOR_POSITIONS },
				log: {
					header: 'vec',
					line: 440,
					func: name,
					message: formatC(CHECK_MESSAGES.position, role, name, VECTOR_POSITIONS, tensor.position),
				},
				frames: [frame],
				reason: `${call}: ${role} is on ${tensor.position}`,
			});
		}
		if (!op.castsType && tensor.dtype.name !== dst.dtype.name) {
			core.trace.diagnose(site, 'tensor-dtype-mismatch', {
				call,
				operand: role,
				actual: tensor.dtype.name,
				expected: dst.dtype.name,
			});
		}
		checkLocalOperand(
			core,
			site,
			call,
			role,
			tensor,
			count * tensor.dtype.bytes,
			frame,
			name,
			op.instr,
		);
	});
	computeVector(core, op, args, tensors, count);
	core.trace.step(
		site,
		call,
		args.map((a) => describeArg(a)),
		'void',
	);
	return true;
}

function describeArg(a: VectorArg): string {
	return a instanceof LocalTensor ? a.describe() : String(a);
}

function computeVector(
	core: CoreContext,
	op: VectorOpSpec,
	args: readonly VectorArg[],
	tensors: readonly LocalTensor[],
	count: number,
): void {
	const [dst, a, b] = tensors;
	if (!dst) return;
	const scalarAt = op.form.indexOf('scalar');
	const scalar = scalarAt >= 0 ? Number(args[scalarAt]) : 0;
	const modeAt = op.form.indexOf('mode');
	const mode = modeAt >= 0 ? String(args[modeAt]) : '';
	const out = core.storeOf(dst.hardware);
	const inA = a ? core.storeOf(a.hardware) : undefined;
	const inB = b ? core.storeOf(b.hardware) : undefined;
	const toInt = op.castsType && !/half|float|bfloat16|double/.test(dst.dtype.name);
	for (let i = 0; i < count; i++) {
		const x = a && inA ? inA.get(a.dtype, a.address + i * a.dtype.bytes) : 0;
		const y = b && inB ? inB.get(b.dtype, b.address + i * b.dtype.bytes) : 0;
		let v = op.compute(x, y, scalar);
		if (toInt) v = roundForCast(v, mode);
		out.set(dst.dtype, dst.address + i * dst.dtype.bytes, v);
	}
}
