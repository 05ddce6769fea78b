/**
 * The screen error codes the host simulator prints, with the title and the cause and solution
 * lines the runtime prints under them. Every field is quoted from hicann/runtime
 * src/dfx/error_manager/error_code.json at 681ef76 (`errTitle`, `suggestion`); a cause or
 * solution of "N/A" is not printed (vllm-project/vllm-ascend#9691 shows EL0009 with its
 * Solution line only).
 */

/** One screen code. */
export interface ScreenCode {
	readonly title: string;
	readonly cause?: string;
	readonly solution?: string;
}

/** The codes, by code. */
export const SCREEN_CODES = {
	EE1001: {
		title: 'Invalid_Argument',
		solution:
			'1. Check the input parameter range of the function. 2. Check the function invocation relationship.',
	},
	EL0003: { title: 'Invalid_Argument', solution: 'Try again with a valid argument.' },
	EL0004: {
		title: 'Memory_Allocation_Failure',
		cause: 'Available memory is insufficient.',
		solution: 'Close applications not in use.',
	},
	EL0009: { title: 'Insufficient_Stream_Resources', solution: 'Close applications not in use.' },
	EE1003: {
		title: 'Invalid_Argument',
		solution:
			'1. Check the input parameter range of the function. 2. Check the function invocation relationship.',
	},
	EE1010: { title: 'Execution_Error_Invalid_Context' },
	EE1016: { title: 'Not_Supported' },
	WE0001: { title: 'Not_Supported' },
	EE1017: { title: 'Invalid_Argument' },
	EE1018: { title: 'Invalid_Argument_API_Call_Sequence' },
	EE1023: {
		title: 'Resource_Error',
		solution:
			'For details about the troubleshooting method, search for the keyword "EE1023" on https://www.hiascend.com/document/.',
	},
	EE2002: {
		title: 'Config_Error_Invalid_Environment_Variable',
		solution: 'Reset the environment variable by referring to the Environment Variable Reference.',
	},
} as const satisfies Record<string, ScreenCode>;

/** A code of {@link SCREEN_CODES}. */
export type ScreenCodeId = keyof typeof SCREEN_CODES;
