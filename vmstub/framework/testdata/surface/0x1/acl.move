// std::acl
struct ACL has store, drop, copy { list: vector<address> }
public fun empty(): ACL;
public fun add(self: &mut ACL, addr: address);
public fun remove(self: &mut ACL, addr: address);
public fun contains(self: &ACL, addr: address): bool;
public fun assert_contains(self: &ACL, addr: address);
