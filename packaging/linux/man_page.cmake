# Writes OUTPUT from `PROGRAM man-page` (a sanitizer build must not fail it for leaks at exit).
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
execute_process(COMMAND ${PROGRAM} man-page OUTPUT_FILE ${OUTPUT}.tmp RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "${PROGRAM} man-page failed (${status})")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
