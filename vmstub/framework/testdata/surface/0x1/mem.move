// std::mem
native public fun swap<T>(left: &mut T, right: &mut T);
public fun replace<T>(ref: &mut T, new: T): T;
