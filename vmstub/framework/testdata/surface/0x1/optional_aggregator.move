// aptos_framework::optional_aggregator, Aptos's declarations (new is a
// friend function).
use std::error;
use std::option::{Self, Option};
use aptos_framework::aggregator_factory;
use aptos_framework::aggregator::{Self, Aggregator};
struct Integer has store { value: u128, limit: u128 }
struct OptionalAggregator has store { aggregator: Option<Aggregator>, integer: Option<Integer> }
public fun switch(_optional_aggregator: &mut OptionalAggregator);
public fun destroy(optional_aggregator: OptionalAggregator);
public fun add(optional_aggregator: &mut OptionalAggregator, value: u128);
public fun sub(optional_aggregator: &mut OptionalAggregator, value: u128);
public fun read(optional_aggregator: &OptionalAggregator): u128;
public fun is_parallelizable(optional_aggregator: &OptionalAggregator): bool;
