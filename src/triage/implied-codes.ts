/**
 * Messages that name no code but are only ever raised for one: torch_npu raises "NPU out of
 * memory. Tried to allocate …" when its allocator's device allocation failed with
 * ACL_ERROR_RT_MEMORY_ALLOCATION (207001). One row each, with the source that shows the link,
 * so a log that quotes only the message still leads to the code's page.
 */

/** One message that implies a code. */
export interface ImpliedCode {
	/** A plain substring of the message (pre-filter). */
	literal: string;
	pattern: RegExp;
	code: string;
	source: string;
}

const PYTORCH = 'https://github.com/Ascend/pytorch/blob/9e73e708ab9350d203475609f36f8a43f6a0c2ab';

/** The table. */
export const IMPLIED_CODES: readonly ImpliedCode[] = [
	{
		literal: 'NPU out of memory. Tried to allocate',
		pattern: /NPU out of memory\. Tried to allocate \d/,
		code: '207001',
		source: `${PYTORCH}/torch_npu/csrc/core/npu/NPUCachingAllocator.cpp#L1293`,
	},
];
