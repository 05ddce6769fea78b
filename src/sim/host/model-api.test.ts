/**
 * The AscendCL model API through C++ programs: a model file given with the program loads and
 * describes its tensors; a missing one fails as GE does; datasets, descriptions and data buffers
 * are handles counted for leaks; an execution checks its datasets and fills the outputs.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import type { ProgramFile } from '../run-request.ts';

const ADD_MODEL: ProgramFile = {
	path: 'model/add.om',
	text: '# two inputs, one output\ninput float32 2,2\ninput float32 4\noutput float32 4\n',
};

const program = (body: string) => `#include "acl/acl.h"
#include <cstdio>
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    uint32_t modelId = 0;
${body}
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

function runModel(body: string, files: ProgramFile[] = [ADD_MODEL]) {
	const trace = run({ source: program(body), product: 'atlas-a2', mode: 'npu', files });
	const stdout = trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text.trim());
	return { trace, stdout };
}

/** Loads the add model, fills a description and prints what it says. */
const DESCRIBE = `    aclError ret = aclmdlLoadFromFile("model/add.om", &modelId);
    aclmdlDesc *desc = aclmdlCreateDesc();
    aclError got = aclmdlGetDesc(desc, modelId);
    printf("%d %d %zu %zu\\n", ret, got, aclmdlGetNumInputs(desc), aclmdlGetNumOutputs(desc));
    printf("%zu %zu %zu %zu\\n", aclmdlGetInputSizeByIndex(desc, 0), aclmdlGetInputSizeByIndex(desc, 1),
        aclmdlGetOutputSizeByIndex(desc, 0), aclmdlGetInputSizeByIndex(desc, 2));
    printf("%d\\n", aclmdlGetDesc(desc, modelId + 100));
    aclmdlDestroyDesc(desc);
    aclmdlUnload(modelId);`;

describe('aclmdl* model API', () => {
	it('a model file given with the program loads, and its description gives the sizes its text declares', () => {
		const { stdout, trace } = runModel(DESCRIBE);
		expect(stdout).toEqual(['0 0 2 1', '16 16 16 0', '145003']);
		expect(trace.leaks).toEqual([]);
	});

	it('a model file that is not among the program files fails with 145002 and the GE and ACL log lines', () => {
		const { stdout, trace } = runModel(
			`    printf("%d\\n", aclmdlLoadFromFile("model/resnet50.om", &modelId));`,
		);
		expect(stdout).toEqual(['145002']);
		const plog = trace.log.filter((l) => l.channel === 'plog').map((l) => l.text);
		expect(
			plog.some((t) =>
				/\[ERROR\] GE\(.*LoadDataFromFile: ErrorNo: 145002\(Model file path invalid\.\).*'model\/resnet50\.om'/.test(
					t,
				),
			),
		).toBe(true);
		expect(
			plog.some((t) =>
				t.includes(
					'[Model][FromFile]load model from file[model/resnet50.om] failed, ge result[145002]',
				),
			),
		).toBe(true);
		expect(trace.outcome).toBe('error');
	});

	it('a compiled (binary) model file loads with one assumed input and output, reported as an info diagnostic', () => {
		const binary: ProgramFile = {
			path: 'net.om',
			text: '',
			bytes: Uint8Array.of(0x49, 0x4d, 0x4f, 0x44, 0, 1, 0, 0),
		};
		const { stdout, trace } = runModel(
			`    aclmdlLoadFromFile("net.om", &modelId);
    aclmdlDesc *desc = aclmdlCreateDesc();
    aclmdlGetDesc(desc, modelId);
    printf("%zu %zu %zu\\n", aclmdlGetNumInputs(desc), aclmdlGetInputSizeByIndex(desc, 0), aclmdlGetOutputSizeByIndex(desc, 0));
    aclmdlDestroyDesc(desc);
    aclmdlUnload(modelId);`,
			[binary],
		);
		expect(stdout).toEqual(['1 4096 4096']);
		const assumed = trace.diagnostics.filter((d) => d.code === 'model-io-assumed');
		expect(assumed).toHaveLength(1);
		expect(assumed[0]!.severity).toBe('info');
		expect(assumed[0]!.line).toBe(8);
	});

	it('execution refuses a null dataset and too few input buffers with 100000, then runs and fills the outputs with zeros', () => {
		const { stdout, trace } = runModel(`    aclmdlLoadFromFile("model/add.om", &modelId);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    printf("%d %d\\n", aclmdlExecute(modelId, nullptr, output), aclmdlExecute(modelId, input, output));
    void *in0 = nullptr, *in1 = nullptr, *out = nullptr, *host = nullptr;
    aclrtMalloc(&in0, 16, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&in1, 16, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(out, 16, 0x7f, 16);
    aclmdlAddDatasetBuffer(input, aclCreateDataBuffer(in0, 16));
    aclmdlAddDatasetBuffer(input, aclCreateDataBuffer(in1, 16));
    aclmdlAddDatasetBuffer(output, aclCreateDataBuffer(out, 16));
    aclError ret = aclmdlExecute(modelId, input, output);
    aclrtMallocHost(&host, 16);
    aclDataBuffer *ob = aclmdlGetDatasetBuffer(output, 0);
    aclrtMemcpy(host, 16, aclGetDataBufferAddr(ob), aclGetDataBufferSizeV2(ob), ACL_MEMCPY_DEVICE_TO_HOST);
    printf("%d %zu %zu %g\\n", ret, aclmdlGetDatasetNumBuffers(input), aclmdlGetDatasetNumBuffers(output), ((float *)host)[3]);
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(input); i++) {
        aclDataBuffer *b = aclmdlGetDatasetBuffer(input, i);
        aclrtFree(aclGetDataBufferAddr(b));
        aclDestroyDataBuffer(b);
    }
    aclrtFree(out);
    aclrtFreeHost(host);
    aclDestroyDataBuffer(ob);
    aclmdlDestroyDataset(input);
    aclmdlDestroyDataset(output);
    aclmdlUnload(modelId);`);
		expect(stdout).toEqual(['100000 100000', '0 2 1 0']);
		const plog = trace.log.filter((l) => l.channel === 'plog').map((l) => l.text);
		expect(
			plog.some((t) => t.includes('input blobs 0 cannot be smaller than input desc size 2')),
		).toBe(true);
		const filled = trace.diagnostics.filter((d) => d.code === 'model-outputs-filled');
		expect(filled).toHaveLength(1);
		expect(filled[0]!.severity).toBe('warning');
		expect(trace.leaks).toEqual([]);
	});

	it('a description, a dataset and a data buffer never destroyed are each reported as a leak at the line that made them', () => {
		const { trace } = runModel(`    aclmdlLoadFromFile("model/add.om", &modelId);
    aclmdlDesc *desc = aclmdlCreateDesc();
    aclmdlDataset *input = aclmdlCreateDataset();
    aclDataBuffer *buf = aclCreateDataBuffer(nullptr, 0);
    aclmdlAddDatasetBuffer(input, buf);
    aclmdlUnload(modelId);`);
		const leaks = trace.leaks.filter((l) => l.kind === 'model-object');
		expect(leaks.map((l) => [l.span?.line, l.detail.split(' ')[0]])).toEqual([
			[9, 'aclmdlCreateDesc'],
			[10, 'aclmdlCreateDataset'],
			[11, 'aclCreateDataBuffer(0x0,'],
		]);
	});

	it('aclmdlQuerySize and aclmdlLoadFromFileWithMem load a model into memory the program sized', () => {
		const { stdout, trace } = runModel(`    size_t work = 0, weight = 0;
    printf("%d\\n", aclmdlQuerySize("model/none.om", &work, &weight));
    aclmdlQuerySize("model/add.om", &work, &weight);
    void *w = nullptr, *g = nullptr;
    aclrtMalloc(&w, work, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&g, weight, ACL_MEM_MALLOC_HUGE_FIRST);
    aclError ret = aclmdlLoadFromFileWithMem("model/add.om", &modelId, w, work, g, weight);
    printf("%zu %d %u\\n", work, ret, modelId);
    aclmdlUnload(modelId);
    aclrtFree(w);
    aclrtFree(g);`);
		expect(stdout).toEqual(['145002', '48 0 512']);
		expect(trace.leaks).toEqual([]);
	});
});
