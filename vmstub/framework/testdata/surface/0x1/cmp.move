// std::cmp
enum Ordering has copy, drop { Less, Equal, Greater }
public fun compare<T>(first: &T, second: &T): Ordering;
public fun is_eq(self: &Ordering): bool;
public fun is_ne(self: &Ordering): bool;
public fun is_lt(self: &Ordering): bool;
public fun is_le(self: &Ordering): bool;
public fun is_gt(self: &Ordering): bool;
public fun is_ge(self: &Ordering): bool;
