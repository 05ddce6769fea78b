/** Error query (hicann/runtime api_ref 13, exception handling). */
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { CALL_COST } from './shared.ts';
import * as errorQuery from '../../sim/host/acl/error-query.ts';

const DOC = (anchor: string) => runtimeDoc('13_exception_handling.md', anchor);
const group = 'acl-error';

/** The error-query rows. */
export const ERROR_QUERY_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtPeekAtLastError',
		group,
		signature: 'aclError aclrtPeekAtLastError(aclrtLastErrLevel level)',
		cost: CALL_COST,
		result: 'value',
		doc: {
			zh: '返回本线程最近一次失败调用的错误码，不清除它。模拟器的进程只有一个 Host 线程。',
			en: 'Returns the error code of this thread’s latest failed call, keeping it. A simulated process has one host thread.',
		},
		source: DOC('aclrtPeekAtLastError'),
		run: errorQuery.aclrtPeekAtLastError,
	}),
	hostApi({
		name: 'aclrtGetLastError',
		group,
		signature: 'aclError aclrtGetLastError(aclrtLastErrLevel level)',
		cost: CALL_COST,
		result: 'value',
		doc: {
			zh: '返回本线程最近一次失败调用的错误码，并把它清为 ACL_SUCCESS。',
			en: 'Returns the error code of this thread’s latest failed call and clears it to ACL_SUCCESS.',
		},
		source: DOC('aclrtGetLastError'),
		run: errorQuery.aclrtGetLastError,
	}),
	hostApi({
		name: 'aclGetRecentErrMsg',
		group,
		signature: 'const char *aclGetRecentErrMsg()',
		cost: CALL_COST,
		doc: {
			zh: '本进程最近一条屏显错误信息（例如 EZ9999、EE1023 那一行），没有则返回空指针。',
			en: 'The latest screen error message of this process (the EZ9999 or EE1023 line, say), or nullptr when there is none.',
		},
		source: DOC('aclGetRecentErrMsg'),
		run: errorQuery.aclGetRecentErrMsg,
	}),
];
