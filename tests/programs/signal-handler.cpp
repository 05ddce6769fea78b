// A service that installs a SIGINT handler which only sets a flag; the loop sees it, releases
// everything on the main thread and exits normally (the recommended pattern).
#include "acl/acl.h"
#include <csignal>
#include <cstdio>
#include <unistd.h>

static volatile sig_atomic_t g_stop = 0;

void OnSigint(int sig)
{
    g_stop = 1;
    printf("signal %d received\n", sig);
}

int main()
{
    signal(SIGINT, OnSigint);
    aclInit(nullptr);
    aclrtSetDevice(0);
    int32_t ticks = 0;
    while (!g_stop) {
        usleep(10000);
        ++ticks;
    }
    printf("stopping after %d ticks\n", ticks);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
