/**
 * Writing a command's report to a stream a piece at a time: nothing is joined into one string
 * (a report of millions of lines once overflowed V8's string limit), the writer waits when the
 * pipe is full, and a reader that went away (`casebook sim x | head`) ends the writing quietly.
 */
import type { Writable } from 'node:stream';

/** Where a command writes its report, a piece at a time. */
export interface ReportSink {
	/** Writes `text`; resolves when the stream can take more. */
	write(text: string): Promise<void>;
}

/** Pieces are gathered up to this many characters before one write. */
const BATCH_CHARS = 1 << 16;

/** A sink over a Node stream (standard output by default). */
export function streamSink(stream: Writable = process.stdout): ReportSink {
	let closed = false;
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') closed = true;
		else throw error;
	});
	return {
		write(text: string): Promise<void> {
			if (closed || text.length === 0) return Promise.resolve();
			if (stream.write(text)) return Promise.resolve();
			return new Promise((resolve) => {
				const done = () => {
					stream.off('drain', done);
					stream.off('close', done);
					resolve();
				};
				stream.once('drain', done);
				stream.once('close', done);
			});
		},
	};
}

/** Writes `lines`, each followed by a newline, in batches. */
export async function writeLines(sink: ReportSink, lines: Iterable<string>): Promise<void> {
	let batch: string[] = [];
	let size = 0;
	for (const line of lines) {
		batch.push(line, '\n');
		size += line.length + 1;
		if (size >= BATCH_CHARS) {
			await sink.write(batch.join(''));
			batch = [];
			size = 0;
		}
	}
	if (batch.length > 0) await sink.write(batch.join(''));
}
