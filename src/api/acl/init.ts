/** Initialization and finalization (hicann/runtime api_ref 02). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { hostCost } from './shared.ts';
import * as init from '../../sim/host/acl/init.ts';

const DOC = (anchor: string) => runtimeDoc('02_initialization_and_deinitialization.md', anchor);

/** The init rows. */
export const INIT_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclInit',
		group: 'acl-init',
		signature: 'aclError aclInit(const char *configPath)',
		cost: hostCost(HOST_COST_US.aclInit),
		errors: ['ACL_ERROR_REPEAT_INITIALIZE'],
		doc: {
			zh: '进程内初始化 AscendCL，configPath 指向可选的配置文件（可传 nullptr）。重复调用返回 ACL_ERROR_REPEAT_INITIALIZE，可以忽略。',
			en: 'Initialises AscendCL for the process; configPath names an optional configuration file (nullptr is fine). A repeated call returns ACL_ERROR_REPEAT_INITIALIZE, which may be ignored.',
		},
		source: DOC('aclInit'),
		run: init.aclInit,
	}),
	hostApi({
		name: 'aclFinalize',
		group: 'acl-init',
		signature: 'aclError aclFinalize()',
		cost: hostCost(HOST_COST_US.aclFinalize),
		errors: ['ACL_ERROR_REPEAT_FINALIZE'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '去初始化 AscendCL，释放进程内的 acl 资源；进程退出前调用，不要放在信号处理函数或析构函数里。',
			en: 'Finalises AscendCL and releases the process’s acl resources. Call it before the process exits, not from a signal handler or a destructor.',
		},
		source: DOC('aclFinalize'),
		run: init.aclFinalize,
	}),
	hostApi({
		name: 'aclFinalizeReference',
		group: 'acl-init',
		signature: 'aclError aclFinalizeReference(uint64_t *refCount)',
		out: ['refCount'],
		cost: hostCost(HOST_COST_US.aclFinalize),
		errors: ['ACL_ERROR_REPEAT_FINALIZE'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '按引用计数去初始化：与 aclInit 成对调用，计数归零时才真正释放。模拟器不计数，一次调用就去初始化，refCount 写 0。',
			en: 'Reference-counted finalisation, paired with aclInit: resources go only when the count reaches zero. The simulator keeps no count: one call finalises and writes 0 to refCount.',
		},
		source: DOC('aclFinalizeReference'),
		run: init.aclFinalize,
	}),
];
