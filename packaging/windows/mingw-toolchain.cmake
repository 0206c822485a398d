# Cross-compiling for 64-bit Windows with Debian's MinGW-w64 (posix threads, so std::thread works).
# The environment variable SANDTABLE_WINDOWS_PREFIX names where packaging/windows/deps.sh
# installed the dependencies.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# The prefix comes from the environment: try_compile projects see it too.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 $ENV{SANDTABLE_WINDOWS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
