/**
 * Program memory a call reads or writes as plain bytes: a struct the program owns (`HcclRootInfo
 * rootInfo; HcclGetRootInfo(&rootInfo)`), or a host buffer behind an address. The interpreter
 * makes one per such argument (src/lang/bindings/byte-refs.ts), so the simulator never sees the
 * interpreter's values.
 */

/** See the file comment. */
export interface ByteRef {
	/** `length` bytes from the start (bytes the memory does not hold read as 0). */
	read(length: number): Uint8Array;
	/** Writes `bytes` from the start (as far as the memory reaches). */
	write(bytes: Uint8Array): void;
	/** The address the program sees (for log lines); 0 when it has none. */
	readonly address: number;
}

/** Whether `v` is a {@link ByteRef}. */
export function isByteRef(v: unknown): v is ByteRef {
	return (
		typeof v === 'object' &&
		v !== null &&
		typeof (v as ByteRef).read === 'function' &&
		typeof (v as ByteRef).write === 'function'
	);
}
