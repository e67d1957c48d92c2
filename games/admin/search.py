"""Deal numbers are searched exactly: "4" finds deal 4, not every number with a 4 in it."""


def exact_number_search(queryset, search_term: str, field: str = "number"):
    term = search_term.strip().lstrip("#")
    if not term:
        return queryset, False
    if not term.isdigit() or len(term) > 20:
        return queryset.none(), False
    return queryset.filter(**{field: int(term)}), False
