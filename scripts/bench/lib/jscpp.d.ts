/** The part of JSCPP (npm `JSCPP`, no type definitions of its own) the interpreter bench uses. */
declare module 'JSCPP' {
	const JSCPP: {
		run(code: string, input: string, config?: { stdio?: { write(s: string): void } }): number;
	};
	export default JSCPP;
}
