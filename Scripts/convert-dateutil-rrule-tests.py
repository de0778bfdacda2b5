#!/usr/bin/env python3
"""Converts python-dateutil's rrule tests into Herald's reference fixture.

Reads dateutil's `tests/test_rrule.py` (from its sdist:
`pip download --no-deps --no-binary :all: python-dateutil==2.9.0.post0`) without
importing or running dateutil: each `RRuleTest` method whose body is
`self.assertEqual(list(rrule(...)), [datetime(...), ...])` gives one case, the rule
written as RFC 5545 text and the expected occurrences taken from the test's own
`datetime(...)` literals. Every other test is listed with the reason it is left out.

    python3 Scripts/convert-dateutil-rrule-tests.py path/to/test_rrule.py \
        > Tests/HeraldTests/Schedule/Dateutil/DateutilRRuleCases.swift
"""
import ast
import sys

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


class LeftOut(Exception):
    pass


def value(node):
    """A literal argument: numbers, tuples/lists/sets of them, weekdays, datetimes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, bool)) or (
            isinstance(node, ast.Constant) and node.value is None):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -value(node.operand)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        return value(node.operand)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [value(item) for item in node.elts]
    if isinstance(node, ast.Name) and node.id in FREQS:
        return ("freq", node.id)
    if isinstance(node, ast.Name) and node.id in DAYS:
        return ("day", None, node.id)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in DAYS and len(node.args) == 1 and not node.keywords:
            return ("day", value(node.args[0]), node.func.id)
        if node.func.id == "datetime":
            if node.keywords:
                raise LeftOut("a datetime with a time zone (tzinfo)")
            parts = [value(arg) for arg in node.args]
            if len(parts) > 6 and parts[6]:
                raise LeftOut("a datetime with microseconds, which RFC 5545 text cannot carry")
            return ("datetime", tuple((parts + [0, 0, 0])[:6]))
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "date":
        raise LeftOut("until=date(...): dateutil reads it as midnight, RFC 5545 as the whole day")
    raise LeftOut("an argument that is not a literal: " + ast.unparse(node))


def text(moment):
    y, mo, d, h, mi, s = moment[1]
    return f"{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}"


def listed(values):
    return values if isinstance(values, list) else [values]


def weekday(item):
    if isinstance(item, int):
        return DAYS[item]
    _, ordinal, code = item
    return ("" if not ordinal else str(ordinal)) + code


def rrule_text(call):
    args = [value(arg) for arg in call.args]
    keywords = {keyword.arg: value(keyword.value) for keyword in call.keywords}
    if "byeaster" in keywords:
        raise LeftOut("byeaster, a dateutil extension outside RFC 5545")
    if "cache" in keywords:
        raise LeftOut("cache=True, dateutil's iterator cache")
    freq = args[0][1] if args else keywords.pop("freq")[1]
    keywords.pop("cache", None)
    if "dtstart" not in keywords:
        raise LeftOut("no dtstart: dateutil takes the time the test runs")
    parts = [f"FREQ={freq}"]
    names = [("interval", "INTERVAL"), ("count", "COUNT"), ("until", "UNTIL"), ("bysetpos", "BYSETPOS"),
             ("bymonth", "BYMONTH"), ("bymonthday", "BYMONTHDAY"), ("byyearday", "BYYEARDAY"),
             ("byweekno", "BYWEEKNO"), ("byweekday", "BYDAY"), ("byhour", "BYHOUR"), ("byminute", "BYMINUTE"),
             ("bysecond", "BYSECOND"), ("wkst", "WKST")]
    for name, part in names:
        if name not in keywords:
            continue
        given = keywords[name]
        if name == "until":
            parts.append("UNTIL=" + text(given))
        elif name == "byweekday":
            parts.append("BYDAY=" + ",".join(weekday(item) for item in listed(given)))
        elif name == "wkst":
            parts.append("WKST=" + weekday(given))
        else:
            parts.append(f"{part}=" + ",".join(str(item) for item in listed(given)))
    unknown = set(keywords) - {name for name, _ in names} - {"dtstart"}
    if unknown:
        raise LeftOut("arguments outside RFC 5545: " + ", ".join(sorted(unknown)))
    return "DTSTART:" + text(keywords["dtstart"]), "RRULE:" + ";".join(parts)


def assertion(statement):
    """The rule and occurrences of `self.assertEqual(list(rrule(...)), [...])`, else None."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    call = statement.value
    if ast.unparse(call.func) != "self.assertEqual" or len(call.args) != 2:
        return None
    actual, expected = call.args
    if not (isinstance(actual, ast.Call) and ast.unparse(actual.func) == "list" and len(actual.args) == 1
            and isinstance(actual.args[0], ast.Call) and ast.unparse(actual.args[0].func) == "rrule"):
        return None
    if not isinstance(expected, ast.List):
        raise LeftOut("the expected occurrences are not a literal list")
    lines = rrule_text(actual.args[0])
    return lines, [text(value(item)) for item in expected.elts]


def why_left_out(method):
    source = ast.unparse(method)
    for marker, reason in [("_rrulestr_reverse_test", "checks that str() reads back, asserts no occurrences"),
                           ("rruleset", "an rruleset, not one RRULE"),
                           ("rrulestr", "rrulestr: dateutil's text reader (time zones, sets, keywords, quirks)"),
                           ("cache=True", "cache=True, dateutil's iterator cache"),
                           ("assertRaises", "checks that dateutil raises, not occurrences")]:
        if marker in source:
            return reason
    return "asserts another API (indexing, count(), before/after/between, in, replace)"


def cases_of(method):
    found = []
    for statement in method.body:
        converted = assertion(statement)
        if converted:
            name = method.name if not found else f"{method.name}#{len(found) + 1}"
            found.append((name, *converted))
    if not found:
        raise LeftOut(why_left_out(method))
    return found


def main(path):
    tree = ast.parse(open(path).read())
    suite = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "RRuleTest")
    cases, left_out = [], []
    for method in suite.body:
        if not isinstance(method, ast.FunctionDef) or not method.name.startswith("test"):
            continue
        try:
            cases += cases_of(method)
        except LeftOut as reason:
            left_out.append((method.name, str(reason)))
    out = sys.stdout
    out.write("// Generated by Scripts/convert-dateutil-rrule-tests.py from python-dateutil 2.9.0.post0's\n")
    out.write("// tests/test_rrule.py (class RRuleTest), dateutil's own tests: Apache License 2.0 and the\n")
    out.write("// 3-clause BSD License (Copyright 2003-2011 Gustavo Niemeyer, 2012-2014 Tomi Pievilainen,\n")
    out.write("// 2014-2016 Yaron de Leeuw, 2015- Paul Ganssle, 2015- dateutil contributors); see its LICENSE.\n")
    out.write("// Only the rules and the occurrences each test asserts are copied, no dateutil code.\n")
    out.write("// Do not edit by hand; run the script again.\n\n")
    out.write("extension DateutilReferenceCase {\n")
    tests = len({name.split("#")[0] for name, _, _ in cases})
    out.write(f"    /// The {len(cases)} assertions, in {tests} tests of `RRuleTest`, that list an `rrule(...)` against\n")
    out.write("    /// literal datetimes: the test's name (`#2` for its second such assertion), its rule as\n")
    out.write("    /// RFC 5545 text, then `=` and the occurrences it asserts.\n")
    out.write("    static let fixture = \"\"\"\n")
    for name, (dtstart, rule), expected in cases:
        out.write(f"        {name}\n        {dtstart}\n        {rule}\n")
        out.write("        =" + "".join(" " + moment for moment in expected) + "\n")
    out.write("        \"\"\"\n\n")
    out.write(f"    /// The {len(left_out)} tests of `RRuleTest` left out, and why.\n")
    out.write("    static let leftOut: KeyValuePairs<String, String> = [\n")
    for name, reason in left_out:
        out.write(f"        \"{name}\": \"{reason}\",\n")
    out.write("    ]\n}\n")
    print(f"{len(cases)} cases, {len(left_out)} left out", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
