// HcclCommInitClusterInfo with a rank table path that does not exist: the library logs
// "errNo[0x0000000005010001] path … is not a valid real path" (errNo 0x05010001 is HCCL_E_PARA
// of the HCCL module) and returns HCCL_E_PARA (1).
#include <cstdio>
#include "acl/acl.h"
#include "hccl/hccl.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    HcclComm comm = nullptr;
    HcclResult r = HcclCommInitClusterInfo("/home/user/missing_rank_table.json", 0, &comm);
    printf("HcclCommInitClusterInfo ret = %d\n", r);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
