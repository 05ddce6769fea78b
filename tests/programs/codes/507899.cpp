// Events created and recorded but never destroyed, on an Atlas inference card (1023 event
// resources): aclrtRecordEvent fails with ACL_ERROR_RT_DRV_INTERNAL_ERROR (507899), the plog
// shows retCode=0x7020019 and ErrCode=207007, and the screen EE1023.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclError ret = ACL_SUCCESS;
    int recorded = 0;
    for (int i = 0; i < 2000; i++) {
        aclrtEvent event = nullptr;
        aclrtCreateEvent(&event);
        ret = aclrtRecordEvent(event, stream);
        if (ret != ACL_SUCCESS) break;
        recorded++;
    }
    printf("recorded %d events, then aclrtRecordEvent ret = %d\n", recorded, ret);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
