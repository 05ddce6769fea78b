/**
 * Every catalog entry, under every one of its names, is callable from a C++ program and shows
 * in the trace under that name. The program is derived from the row's first signature: each
 * parameter gets an argument of its kind (an address for an out-parameter, a tensor for a
 * tensor, a small number otherwise), each template parameter the call writes gets a value of its
 * kind, and a member function is called on an object of its class from a fixed set-up.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../lang/run.ts';
import type { RunRequest } from '../sim/run-request.ts';
import { API_CATALOG, type ApiRow } from './index.ts';
import { explicitTemplateParams } from './call-api.ts';
import { paramKind, templateParamKind } from './param-kind.ts';
import { STRUCT_TYPE_NAMES } from './api-types.ts';
import type { ApiSignature } from './signature.ts';

/** The variable a kernel-side member call is made on, by class. */
const RECEIVERS: Readonly<Record<string, string>> = {
	TPipe: 'pipe',
	TQue: 'que',
	TQueBind: 'bind',
	TBuf: 'buf',
	LocalTensor: 't',
	GlobalTensor: 'gm',
	LocalMemAllocator: 'l1',
};

const TEMPLATE_VALUES: Readonly<Record<string, string>> = {
	type: 'half',
	position: 'AscendC::TPosition::VECIN',
	event: 'AscendC::HardEvent::MTE2_V',
	pipe: 'PIPE_V',
	number: '1',
	value: '1',
};

/** Host-side declarations for out-parameters, by the pointee type. */
function hostOut(base: string, pointers: number, i: number): { decl: string; arg: string } {
	const name = `out${i}`;
	const type = pointers > 1 ? `${base} *` : base === 'void' ? 'void *' : base;
	return { decl: `  ${type} ${name} = 0;\n`, arg: `&${name}` };
}

/** An argument of `sig`'s parameter `i`, and what must be declared for it. */
function argument(row: ApiRow, sig: ApiSignature, i: number): { decl: string; arg: string } {
	const p = sig.params[i]!;
	switch (paramKind(p, sig, STRUCT_TYPE_NAMES)) {
		case 'out': {
			if (p.base === 'LocalTensor') return { decl: '', arg: 't' };
			const out = hostOut(p.base, p.pointers, i);
			// A reference out-parameter (`uint64_t& rsvdCnt`) takes the variable itself.
			return p.reference ? { decl: out.decl, arg: out.arg.slice(1) } : out;
		}
		case 'struct': {
			const targs = p.typeArgs.length > 0 ? `<${p.typeArgs.map(() => 'half').join(', ')}>` : '';
			const array = p.pointers > 0 ? '[2]' : '';
			return { decl: `  AscendC::${p.base}${targs} s${i}${array};\n`, arg: `s${i}` };
		}
		case 'words':
			return { decl: `  uint64_t m${i}[2] = {1, 0};\n`, arg: `m${i}` };
		case 'elements':
			return { decl: `  ${p.base} e${i}[${p.arrayLength}] = {};\n`, arg: `e${i}` };
		case 'string':
			return { decl: '', arg: '"model.om"' };
		case 'local-tensor':
			return { decl: '', arg: 't' };
		case 'global-tensor':
			return { decl: '', arg: 'gm' };
		case 'object':
			return { decl: '', arg: p.base === 'TBuf' ? 'buf' : 'que' };
		case 'gm-address':
			return { decl: '', arg: 'x' };
		case 'round-mode':
			return { decl: '', arg: 'AscendC::RoundMode::CAST_NONE' };
		case 'callback':
			return { decl: '', arg: 'SIG_DFL' };
		case 'value':
			return { decl: '', arg: '1' };
		default:
			// Sizes and counts of 16 fit the set-up's 512-byte buffers; handles are null.
			return { decl: '', arg: row.side === 'kernel' || p.pointers === 0 ? '16' : 'nullptr' };
	}
}

/** The C++ call of `name` (a row name or alias) with arguments for its first signature. */
function callText(row: ApiRow, name: string): { decls: string; call: string } {
	const sig = row.signatures[0]!;
	const args = sig.params.filter((p) => !p.variadic).map((_, i) => argument(row, sig, i));
	const decls = args.map((a) => a.decl).join('');
	const targs = explicitTemplateParams(sig).filter((t) => t.defaultValue === undefined);
	const tlist =
		targs.length > 0
			? `<${targs.map((t) => TEMPLATE_VALUES[templateParamKind(t)]).join(', ')}>`
			: '';
	const list = args.map((a) => a.arg).join(', ');
	const member = name.slice(name.lastIndexOf(':') + 1);
	if (row.kind === 'constructor') {
		const owner = name.slice(0, name.indexOf('::'));
		return { decls, call: `AscendC::${owner}${tlist} probe${list ? `(${list})` : ''};` };
	}
	if (row.kind === 'operator') {
		const recv = RECEIVERS[row.owner!];
		return { decls, call: member === 'operator()' ? `${recv}(${list});` : `${recv}[${list}];` };
	}
	if (row.owner) {
		const owner = name.slice(0, name.indexOf('::'));
		return { decls, call: `${RECEIVERS[owner]}.${member}${tlist}(${list});` };
	}
	return { decls, call: `${row.side === 'kernel' ? 'AscendC::' : ''}${member}${tlist}(${list});` };
}

/** The program that makes the call, with the set-up its side needs. */
function programFor(row: ApiRow, name: string): RunRequest {
	const { decls, call } = callText(row, name);
	if (row.side === 'kernel') {
		return {
			source: `extern "C" __global__ __aicore__ void probe_kernel(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> bind;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    AscendC::GlobalTensor<half> gm;
    AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;
    gm.SetGlobalBuffer((__gm__ half *)x, 256);
    pipe.InitBuffer(que, 1, 512);
    pipe.InitBuffer(bind, 1, 512);
    pipe.InitBuffer(buf, 512);
    AscendC::LocalTensor<half> t = que.AllocTensor<half>();
${decls}    ${call}
}
`,
			// A row the A2 does not have runs on the first product its reference lists.
			product: row.products && !row.products.includes('atlas-a2') ? row.products[0]! : 'atlas-a2',
			mode: 'cpu',
		};
	}
	return {
		source: `int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
${decls}  ${call}
  return 0;
}
`,
		product: 'atlas-a2',
		mode: 'cpu',
	};
}

const NAMES = API_CATALOG.flatMap((row) =>
	[row.name, ...row.aliases].map((name) => ({ row, name })),
);

describe('every catalog entry', () => {
	it.each(NAMES.map(({ row, name }) => [name, row] as const))(
		'%s is callable from C++ and traced under its own name',
		(name, row) => {
			const request = programFor(row, name);
			const trace = run(request);
			const errors = trace.diagnostics.filter(
				(d) =>
					d.severity === 'error' && /^(call|method|type|name|member|construct|args)-/.test(d.code),
			);
			expect(errors, request.source).toEqual([]);
			expect(trace.outcome, request.source).not.toBe('rejected');
			expect(trace.calls[name], request.source).toBeGreaterThanOrEqual(1);
			if (row.side === 'host') expect(trace.steps.map((s) => s.call)).toContain(name);
			// Kernel rows go through the core's call protocol, which records a step for every call.
			if (row.side === 'kernel') {
				const mark =
					row.member === 'operator[]'
						? '[]'
						: row.member === 'operator()'
							? 'GetValue'
							: row.member;
				const probe = trace.steps.filter((s) => s.actor.startsWith('core:')).slice(-3);
				expect(
					// An alias is traced under the name the program called.
					probe.some((s) => s.call.includes(mark) || s.call.includes(name)),
					`${name}: ${probe.map((s) => s.call).join(', ')}`,
				).toBe(true);
			}
		},
	);

	it('counts as many entries as the catalog has names', () => {
		expect(NAMES.length).toBe(new Set(NAMES.map((n) => n.name)).size);
		expect(NAMES.length).toBeGreaterThan(100);
	});
});
