// aptos_std::debug (native_print and native_stack_trace are private)
public fun print<T>(x: &T);
public fun print_stack_trace();
