// Sample-style logging and checking macros: variadic INFO_LOG/ERROR_LOG, a CHECK macro that
// stringifies its condition and returns from the caller, and token pasting.
#define INFO_LOG(fmt, ...) fprintf(stdout, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) fprintf(stderr, "[ERROR]  " fmt "\n", ##__VA_ARGS__)
#define CHECK_RET(cond, ret) do { if (!(cond)) { ERROR_LOG("check failed: %s", #cond); return ret; } } while (0)
#define SQUARE(x) ((x) * (x))
#define CONCAT(a, b) a##b
int Work(int v)
{
    CHECK_RET(v > 0, -1);
    return SQUARE(v + 1);
}
int main()
{
    int myVar = 3;
    INFO_LOG("pasted %d", CONCAT(my, Var));
    INFO_LOG("start");
    INFO_LOG("work(%d) = %d", myVar, Work(myVar));
    INFO_LOG("work(%d) = %d", 0, Work(0));
    return 0;
}
