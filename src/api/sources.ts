/**
 * Where the catalog's facts come from: the public reference pages each row cites. The two
 * documentation repositories are pinned to the commits ascend-facts.md was read from, so a link
 * keeps showing the text the row was written against.
 */

/** hicann/runtime, the CANN Runtime repository (AscendCL reference under docs/zh/api_ref). */
const RUNTIME = 'https://github.com/hicann/runtime/blob/681ef7610df13c8128982901142a2c869ddbb53e';

/** cannmirror/asc-devkit, the Ascend C dev kit (API reference under docs/zh/api). */
const ASC_DEVKIT =
	'https://github.com/cannmirror/asc-devkit/blob/0da921b91aeb2abdc6e8d74423b0bbe7040c3fd1';

/**
 * cannmirror/asc-devkit before the API rename (2026-01-30): its reference still documents the
 * names community kernels call (WholeReduceSum, BlockReduceSum, PairReduceSum, Fixpipe…) under
 * `docs/api/context/`.
 */
const ASC_DEVKIT_CONTEXT =
	'https://github.com/cannmirror/asc-devkit/blob/8b18dbcea67c3b734f326377c04d9f929f40a0ef/docs/api/context';

/** Ascend/samples at the snapshot ascend-facts.md cites (the old tik2-era samples). */
const SAMPLES = 'https://github.com/Ascend/samples/blob/fc2aea93e48be8f8cee51d0c6c1b13a08155f83a';

/** An AscendCL reference page of hicann/runtime, e.g. `06_stream_management.md`, at an anchor. */
export function runtimeDoc(file: string, anchor?: string): string {
	return `${RUNTIME}/docs/zh/api_ref/${file}${anchor ? `#${anchor}` : ''}`;
}

/**
 * hicann/runtime's one-page-per-API reference (`docs/api_docs/<name>.md`), at the commit its
 * operator-timeout pages were read from.
 */
const RUNTIME_API_DOCS =
	'https://github.com/hicann/runtime/blob/06531b1974bb494c28d91d20d8117ac1aefd186b/docs/api_docs';

/** The page of one AscendCL API in hicann/runtime's `docs/api_docs`, e.g. `aclrtSetOpExecuteTimeOut`. */
export function runtimeApiDoc(name: string): string {
	return `${RUNTIME_API_DOCS}/${name}.md`;
}

/** An Ascend C reference page under `docs/zh/api/SIMD-API/基础API/` of asc-devkit. */
export function ascendCDoc(path: string): string {
	return encodeURI(`${ASC_DEVKIT}/docs/zh/api/SIMD-API/基础API/${path}`);
}

/** An Ascend C high-level API page under `docs/zh/api/SIMD-API/高阶API/` of asc-devkit. */
export function ascendCAdvancedDoc(path: string): string {
	return encodeURI(`${ASC_DEVKIT}/docs/zh/api/SIMD-API/高阶API/${path}`);
}

/** A page of the pre-rename Ascend C reference, e.g. `WholeReduceSum` or `DataCopyPad(ISASI)`. */
export function ascendCContextDoc(page: string): string {
	return encodeURI(`${ASC_DEVKIT_CONTEXT}/${page}.md`);
}

/** A file of the Ascend/samples snapshot. */
export function samplesFile(path: string): string {
	return `${SAMPLES}/${path}`;
}

/** The Linux manual page of a C library function, e.g. `manPage('signal', 2)`. */
export function manPage(name: string, section: number): string {
	return `https://man7.org/linux/man-pages/man${section}/${name}.${section}.html`;
}

/** hicann/hccl, the collective communication library (its docs: API reference, user guide). */
const HCCL = 'https://github.com/hicann/hccl/blob/09300b70df9a031339f08e5f2ca06d7bf294d009';

/** hicann/hcomm, which holds the communicator API headers HCCL builds on. */
const HCOMM = 'https://github.com/hicann/hcomm/blob/2b912e7d2b105735579276a63a51364890c56788';

/** A page of hicann/hccl's docs/zh, e.g. `api_ref/comm_op_interface/HcclAllReduce.md`. */
export function hcclDoc(path: string): string {
	return encodeURI(`${HCCL}/docs/zh/${path}`);
}

/** A header of hicann/hcomm, e.g. `include/hccl/hccl_comm.h`, at a symbol. */
export function hcommHeader(path: string, anchor?: string): string {
	return `${HCOMM}/${path}${anchor ? `#${anchor}` : ''}`;
}
