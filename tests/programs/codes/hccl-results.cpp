// The HcclResult values the HCCL entry functions return for a call the library refuses, one call
// each, in a single-rank job on Atlas A2:
//   HcclGetRootInfo before any device is set      HCCL_E_RUNTIME (15)
//   HcclGetRootInfo(nullptr)                        HCCL_E_PTR (2)
//   HcclCommInitRootInfo with rank >= nRanks        HCCL_E_PARA (1)
//   HcclAllReduce of bfloat16 with HCCL_REDUCE_PROD HCCL_E_NOT_SUPPORT (5)
#include <cstdio>
#include "acl/acl.h"
#include "hccl/hccl.h"

int main()
{
    aclInit(nullptr);
    HcclRootInfo rootInfo;
    HcclResult r = HcclGetRootInfo(&rootInfo);
    printf("HcclGetRootInfo before aclrtSetDevice ret = %d\n", r);
    aclrtSetDevice(0);
    r = HcclGetRootInfo(nullptr);
    printf("HcclGetRootInfo(nullptr) ret = %d\n", r);
    HcclGetRootInfo(&rootInfo);
    HcclComm comm = nullptr;
    r = HcclCommInitRootInfo(1, &rootInfo, 1, &comm);
    printf("HcclCommInitRootInfo(nRanks 1, rank 1) ret = %d\n", r);
    r = HcclCommInitRootInfo(1, &rootInfo, 0, &comm);
    printf("HcclCommInitRootInfo(nRanks 1, rank 0) ret = %d\n", r);

    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *buf = nullptr;
    aclrtMalloc(&buf, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    r = HcclAllReduce(buf, buf, 16, HCCL_DATA_TYPE_BFP16, HCCL_REDUCE_PROD, comm, stream);
    printf("HcclAllReduce(bfloat16, prod) ret = %d\n", r);

    aclrtFree(buf);
    aclrtDestroyStream(stream);
    HcclCommDestroy(comm);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
