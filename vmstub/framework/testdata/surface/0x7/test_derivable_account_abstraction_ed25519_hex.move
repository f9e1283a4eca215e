// aptos_experimental::test_derivable_account_abstraction_ed25519_hex
use aptos_framework::auth_data::AbstractionAuthData;
public fun authenticate(account: signer, aa_auth_data: AbstractionAuthData): signer;
