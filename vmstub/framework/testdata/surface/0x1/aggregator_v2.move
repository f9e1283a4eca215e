// aptos_framework::aggregator_v2
use std::string::String;
struct Aggregator<IntElement> has drop, store { value: IntElement, max_value: IntElement }
struct AggregatorSnapshot<IntElement> has drop, store { value: IntElement }
struct DerivedStringSnapshot has drop, store { value: String, padding: vector<u8> }
public fun max_value<IntElement: copy + drop>(aggregator: &Aggregator<IntElement>): IntElement;
public fun create_aggregator<IntElement: copy + drop>(max_value: IntElement): Aggregator<IntElement>;
public fun create_aggregator_with_value<IntElement: copy + drop>(start_value: IntElement, max_value: IntElement): Aggregator<IntElement>;
public fun create_unbounded_aggregator<IntElement: copy + drop>(): Aggregator<IntElement>;
public fun create_unbounded_aggregator_with_value<IntElement: copy + drop>(start_value: IntElement): Aggregator<IntElement>;
public fun try_add<IntElement>(aggregator: &mut Aggregator<IntElement>, value: IntElement): bool;
public fun add<IntElement>(aggregator: &mut Aggregator<IntElement>, value: IntElement);
public fun try_sub<IntElement>(aggregator: &mut Aggregator<IntElement>, value: IntElement): bool;
public fun sub<IntElement>(aggregator: &mut Aggregator<IntElement>, value: IntElement);
public fun is_at_least<IntElement>(aggregator: &Aggregator<IntElement>, min_amount: IntElement): bool;
public fun read<IntElement>(aggregator: &Aggregator<IntElement>): IntElement;
public fun snapshot<IntElement>(aggregator: &Aggregator<IntElement>): AggregatorSnapshot<IntElement>;
public fun create_snapshot<IntElement: copy + drop>(value: IntElement): AggregatorSnapshot<IntElement>;
public fun read_snapshot<IntElement>(snapshot: &AggregatorSnapshot<IntElement>): IntElement;
public fun read_derived_string(snapshot: &DerivedStringSnapshot): String;
public fun create_derived_string(value: String): DerivedStringSnapshot;
public fun derive_string_concat<IntElement>(before: String, snapshot: &AggregatorSnapshot<IntElement>, after: String): DerivedStringSnapshot;
public fun copy_snapshot<IntElement: copy + drop>(snapshot: &AggregatorSnapshot<IntElement>): AggregatorSnapshot<IntElement>;
public fun string_concat<IntElement>(before: String, snapshot: &AggregatorSnapshot<IntElement>, after: String): AggregatorSnapshot<String>;
