// aptos_framework::aggregator, Aptos's declarations.
struct Aggregator has store { handle: address, key: address, limit: u128 }
struct AggregatorSnapshot has store { value: u128 }
public fun limit(aggregator: &Aggregator): u128;
public native fun add(aggregator: &mut Aggregator, value: u128);
public native fun sub(aggregator: &mut Aggregator, value: u128);
public native fun read(aggregator: &Aggregator): u128;
public native fun deferred_read(aggregator: &Aggregator): AggregatorSnapshot;
public native fun destroy(aggregator: Aggregator);
public native fun get_value(snapshot: AggregatorSnapshot): u128;
