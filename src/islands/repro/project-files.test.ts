import { describe, expect, it } from 'vitest';
import {
	MAX_WIDGET_FILES,
	addFile,
	deleteFile,
	extraProgramFiles,
	fileNameProblem,
	isInFile,
	renameFile,
	withText,
	type WidgetFile,
} from './project-files.ts';

const main: WidgetFile = { path: 'main.cpp', text: 'int main() { return 0; }\n' };

describe("the widget's program files", () => {
	it('adds a header after the scenario file and makes it the one shown', () => {
		const r = addFile([main], ' inc/utils.h ');
		expect(r).toEqual({
			ok: true,
			files: [main, { path: 'inc/utils.h', text: '' }],
			active: 1,
		});
	});

	it('refuses an empty name, a taken name, a path with .. and a 17th file', () => {
		expect(fileNameProblem([main], '')).toBe('empty');
		expect(fileNameProblem([main], 'main.cpp')).toBe('taken');
		expect(fileNameProblem([main], '../x.h')).toBe('invalid');
		expect(fileNameProblem([main], 'a/./b.h')).toBe('invalid');
		expect(fileNameProblem([main], 'x'.repeat(101))).toBe('invalid');
		const many = Array.from({ length: MAX_WIDGET_FILES }, (_, i) => ({
			path: `f${i}.h`,
			text: '',
		}));
		expect(fileNameProblem(many, 'one-more.h')).toBe('too-many');
	});

	it('renames and deletes added files but never the scenario file', () => {
		const files = [main, { path: 'kernel.cpp', text: 'k' }];
		expect(renameFile(files, 1, 'add_custom.cpp')).toEqual({
			ok: true,
			files: [main, { path: 'add_custom.cpp', text: 'k' }],
			active: 1,
		});
		expect(renameFile(files, 0, 'other.cpp')).toEqual({ ok: false, problem: 'invalid' });
		expect(renameFile(files, 1, 'main.cpp')).toEqual({ ok: false, problem: 'taken' });
		expect(deleteFile(files, 1)).toEqual({ ok: true, files: [main], active: 0 });
		expect(deleteFile(files, 0)).toEqual({ ok: false, problem: 'invalid' });
	});

	it('sends the files after the first with the run, with the text as edited', () => {
		const files = withText([main, { path: 'utils.h', text: '' }], 1, '#define N 4\n');
		expect(extraProgramFiles(files)).toEqual([{ path: 'utils.h', text: '#define N 4\n' }]);
	});

	it('puts a position without a file in the first file only', () => {
		expect(isInFile(undefined, 'main.cpp', true)).toBe(true);
		expect(isInFile(undefined, 'utils.h', false)).toBe(false);
		expect(isInFile('utils.h', 'utils.h', false)).toBe(true);
		expect(isInFile('utils.h', 'main.cpp', true)).toBe(false);
	});
});
