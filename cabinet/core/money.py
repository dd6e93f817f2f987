"""Exact money.

Every amount the cabinet handles is an ``int`` of the game's minor unit (cents for
EUR with two decimals). Multiples of the bet are ``Fraction``s. Floats never touch a
money path: parsing refuses them and formatting works on integers only.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

Money = int  # an amount in the minor unit of the game's currency

CURRENCY_SIGNS = {"EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CRD": ""}


class MoneyError(ValueError):
    """A money value that cannot be represented exactly."""


def parse_money(text: str | int, minor_units: int) -> Money:
    """Parse ``"0.05"`` (or an int of major units) into minor units, exactly.

    Raises MoneyError when the value has more decimals than the currency allows, is
    negative, or is a float (floats are refused so no rounding can sneak in).
    """
    if isinstance(text, bool) or isinstance(text, float):
        raise MoneyError(f"money must be written as a string like '0.05', not the float {text!r}")
    try:
        value = Decimal(str(text).strip())
    except InvalidOperation as exc:
        raise MoneyError(f"not a money amount: {text!r}") from exc
    if not value.is_finite() or value < 0:
        raise MoneyError(f"money must be a non-negative amount, got {text!r}")
    scaled = value.scaleb(minor_units)
    if scaled != scaled.to_integral_value():
        raise MoneyError(f"{text!r} has more than {minor_units} decimal places")
    return int(scaled)


def parse_fraction(value: str | int | float) -> Fraction:
    """Parse an exact non-negative ratio: ``3``, ``"0.2"``, ``"1/3"``.

    YAML floats such as ``0.2`` are accepted through their decimal text (``str(0.2)``
    is ``'0.2'``), so the value is the one the designer wrote, not the binary float.
    """
    if isinstance(value, bool):
        raise MoneyError(f"not a number: {value!r}")
    try:
        result = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError) as exc:
        raise MoneyError(f"not an exact number: {value!r}") from exc
    if result < 0:
        raise MoneyError(f"must not be negative: {value!r}")
    return result


def format_money(amount: Money, currency: str = "EUR", minor_units: int = 2, sign: bool = True) -> str:
    """``1234, 'EUR', 2`` -> ``'€12.34'``. Thousands are grouped with commas."""
    negative = amount < 0
    amount = abs(int(amount))
    if minor_units:
        major, minor = divmod(amount, 10**minor_units)
        text = f"{major:,}.{minor:0{minor_units}d}"
    else:
        text = f"{amount:,}"
    prefix = CURRENCY_SIGNS.get(currency, currency + " ") if sign else ""
    return ("-" if negative else "") + prefix + text


def money_str(amount: Money, minor_units: int = 2) -> str:
    """Plain exact decimal string for JSON: ``1234 -> '12.34'``."""
    negative = amount < 0
    amount = abs(int(amount))
    if not minor_units:
        return ("-" if negative else "") + str(amount)
    major, minor = divmod(amount, 10**minor_units)
    return f"{'-' if negative else ''}{major}.{minor:0{minor_units}d}"


def fraction_str(value: Fraction, places: int = 6) -> str:
    """An exact Fraction as a decimal string; exact when it terminates, else rounded half-even."""
    value = Fraction(value)
    d = Decimal(value.numerator) / Decimal(value.denominator)
    text = format(d.quantize(Decimal(1).scaleb(-places)) if value.denominator != 1 else d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def exact_str(value: Fraction | int) -> str:
    """An exact value as text that reads back to the same Fraction, never rounded.

    A decimal when it terminates (``62.5``, ``0.05``), else ``numerator/denominator``
    (``85/3``). ``Fraction(exact_str(v)) == v`` always holds.
    """
    value = Fraction(value)
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:  # a third, a seventh, ...: no finite decimal is exact
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)  # the fewest decimal places that hold the value exactly
    scaled = value.numerator * 10**places // value.denominator  # exact: 10^places is a multiple
    digits = str(abs(scaled)).rjust(places + 1, "0")
    text = f"{digits[:-places]}.{digits[-places:]}" if places else digits
    return ("-" if scaled < 0 else "") + text


def apply_ratio(ratio: Fraction, amount: Money) -> Money:
    """``ratio * amount`` in minor units; the loader guarantees exactness, so a
    remainder here is a bug and is refused loudly rather than rounded silently."""
    product = Fraction(ratio) * amount
    if product.denominator != 1:
        raise MoneyError(f"{ratio} x {amount} is not a whole number of minor units")
    return int(product)
