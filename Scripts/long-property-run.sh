#!/usr/bin/env bash
# The long property run: every property test with fresh random seeds, at least SEEDS
# (default 20,000) per test, in a release build. Not part of CI: it takes about an hour
# on two cores. A failing seed is printed as "… failed for fresh seeds [...]" and in the
# failing test's issues; add it to that test's `regressions:` so it runs in every
# `swift test` from then on.
#
#   Scripts/long-property-run.sh [SEEDS]        # log in .build/long-property-run.log
set -uo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-20000}
log=.build/long-property-run.log
flags=(-c release -Xswiftc -enable-testing)
swift build "${flags[@]}" --build-tests || exit 1
: > "$log"

# A parameterized test runs HERALD_FRESH_SEEDS seeds for each of its arguments, so it is
# given its share: ceil(SEEDS / arguments).
share() { echo $(( ($1 + $2 - 1) / $2 )); }
# filter : arguments of each test it selects
tests=(
    "PlannerPropertyTests:1" "RepeatingCoveragePropertyTests:1" "EnginePropertyTests:1"
    "DeliveredLedgerPropertyTests:1" "BudgetPropertyTests:1" "ResponsePropertyTests:1"
    "RegionBudgetTests:1" "DeliveredListPropertyTests:1" "RepeatingTriggerPropertyTests:1"
    "PayloadDecoderFuzzTests:1" "RRULEParserFuzzTests:1" "ScheduleRRULETests:1"
    "RecurrenceRuleTests/exportReadsBackToTheSameOccurrences:9" "ScheduleReferenceTests:9"
    "RecurrenceRuleReferenceTests:90"
)
status=0
for entry in "${tests[@]}"; do
    filter=${entry%:*}
    count=$(share "$seeds" "${entry##*:}")
    start=$SECONDS
    HERALD_FRESH_SEEDS=$count swift test "${flags[@]}" --skip-build --filter "$filter" >> "$log" 2>&1
    result=$?
    [ $result -eq 0 ] || status=1
    printf '%-58s %6d seeds per argument  %5ds  %s\n' "$filter" "$count" $((SECONDS - start)) \
        "$([ $result -eq 0 ] && echo passed || echo FAILED)"
done
grep -h "failed for fresh seeds" "$log" || true
exit $status
