/**
 * Reading what a user hands the CLI — a file, a device, a pipe or standard input — without ever
 * holding more than a bound: `casebook sim /dev/zero` or a 10 GB log reads at most `maxBytes`
 * and says the input went on. Node-only (the pure core never reads files).
 */
import { open } from 'node:fs/promises';

/** What was read. */
export interface BoundedInput {
	/** The text of the first `maxBytes` bytes (UTF-8, invalid bytes replaced). */
	text: string;
	/** Bytes read. */
	bytes: number;
	/** Whether the input had more than `maxBytes` bytes. */
	truncated: boolean;
	/** The input's full size when it is a regular file (devices and pipes have none). */
	size?: number;
}

/** Bytes asked of the file system per read. */
const CHUNK = 1 << 20;

/** Reads at most `maxBytes` of `path` (and one more byte, to know whether it went on). */
export async function readBounded(path: string, maxBytes: number): Promise<BoundedInput> {
	const handle = await open(path, 'r');
	try {
		const stat = await handle.stat();
		if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
		const size = stat.isFile() ? stat.size : undefined;
		const chunks: Buffer[] = [];
		let bytes = 0;
		// A regular file goes into one buffer of its size, plus the byte that shows it went on
		// (or grew); devices and pipes, and whatever a file gained, come a chunk at a time.
		let want = Math.min(maxBytes + 1, size === undefined ? CHUNK : size + 1);
		while (want > 0) {
			const buffer = Buffer.allocUnsafe(want);
			let filled = 0;
			while (filled < want) {
				const { bytesRead } = await handle.read(buffer, filled, want - filled, null);
				if (bytesRead === 0) break;
				filled += bytesRead;
			}
			chunks.push(buffer.subarray(0, filled));
			bytes += filled;
			if (filled < want) break;
			want = Math.min(CHUNK, maxBytes + 1 - bytes);
		}
		return finish(chunks, bytes, maxBytes, size);
	} finally {
		await handle.close();
	}
}

/** Reads at most `maxBytes` of a stream (standard input), then stops listening to it. */
export async function readStreamBounded(
	stream: NodeJS.ReadableStream,
	maxBytes: number,
): Promise<BoundedInput> {
	const chunks: Buffer[] = [];
	let bytes = 0;
	for await (const chunk of stream) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
		chunks.push(buffer);
		bytes += buffer.length;
		if (bytes > maxBytes) break;
	}
	return finish(chunks, bytes, maxBytes, undefined);
}

function finish(
	chunks: Buffer[],
	bytes: number,
	maxBytes: number,
	size: number | undefined,
): BoundedInput {
	const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
	const truncated = bytes > maxBytes;
	const kept = truncated ? all.subarray(0, maxBytes) : all;
	const out: BoundedInput = { text: kept.toString('utf8'), bytes: kept.length, truncated };
	if (size !== undefined) out.size = size;
	return out;
}

/**
 * A file name as it may be printed on a terminal: control characters (a newline, an escape
 * sequence) are shown escaped, so a hostile name cannot forge output or move the cursor.
 */
export function printableName(name: string): string {
	return /[\u0000-\u001f\u007f-\u009f]/.test(name) ? JSON.stringify(name) : name;
}
