"""Don't Let It Die: the reference implementation.

A cooperative survival game for one to four players sharing four characters: forage,
hunt and craft by day, survive a night event, feed the fire every morning, and unlock
Fire Starter on the Fire Knowledge Tree before night 14. See
``spec/dont-let-it-die.toml`` for every rule.
"""
