"""The words every part shares: a list and a sum of money, said one way."""
from ed.words import and_list, money, signed_money


def test_a_list_is_said_with_commas_and_a_final_and():
    assert and_list([]) == ""
    assert and_list(["A"]) == "A"
    assert and_list(["A", "B"]) == "A and B"
    assert and_list(iter(["X-Fine", "Fine", "Standard"])) == "X-Fine, Fine and Standard"


def test_money_has_its_sign_before_the_dollar_and_commas_in_thousands():
    assert [money(n) for n in (0, 16, -16, 1234, -1854)] == ["$0", "$16", "-$16", "$1,234",
                                                              "-$1,854"]
    assert [signed_money(n) for n in (6, -45, 0, 1234)] == ["+$6", "-$45", "$0", "+$1,234"]
