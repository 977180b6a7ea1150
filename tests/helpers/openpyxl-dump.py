"""
A second, independent reader for rekap's reports: openpyxl (Debian's python3-openpyxl).
Prints one JSON object: per sheet every non-empty cell with its type as openpyxl reads it,
the number of pictures openpyxl kept, the print setup, and the warnings openpyxl raised
(an invalid drawing makes it drop every picture with only a warning).

    /usr/bin/python3 tests/helpers/openpyxl-dump.py report.xlsx
"""
import datetime
import json
import sys
import warnings


def cell_json(value):
    if isinstance(value, bool):
        return {"t": "bool", "v": value}
    if isinstance(value, (int, float)):
        return {"t": "number", "v": value}
    if isinstance(value, datetime.datetime):
        return {"t": "date", "v": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"t": "date", "v": datetime.datetime(value.year, value.month, value.day).isoformat()}
    if isinstance(value, datetime.time):
        return {"t": "time", "v": value.isoformat()}
    return {"t": "text", "v": str(value)}


def sheet_json(ws):
    cells = {}
    for row in ws.iter_rows():
        for c in row:
            if c.value is None or c.value == "":
                continue
            entry = cell_json(c.value)
            entry["fmt"] = c.number_format
            entry["wrap"] = bool(c.alignment.wrap_text)
            cells[c.coordinate] = entry
    ps = ws.page_setup
    return {
        "cells": cells,
        "pictures": len(getattr(ws, "_images", [])),
        "orientation": ps.orientation,
        "fitToWidth": ps.fitToWidth,
        "scale": ps.scale,
        "printTitleCols": ws.print_title_cols,
        "fitToPage": bool(ws.sheet_properties.pageSetUpPr.fitToPage) if ws.sheet_properties.pageSetUpPr else False,
        "printTitleRows": ws.print_title_rows,
        "widths": {k: v.width for k, v in ws.column_dimensions.items()},
    }


def main(path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import openpyxl

        wb = openpyxl.load_workbook(path)
        sheets = {ws.title: sheet_json(ws) for ws in wb.worksheets}
    out = {"sheets": sheets, "order": [ws.title for ws in wb.worksheets], "warnings": [str(w.message) for w in caught]}
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
