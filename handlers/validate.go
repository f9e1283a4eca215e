package handlers

import (
	"errors"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// validate checks request structs against their `validate` tags; error
// messages name fields by their JSON names.
var validate = func() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	return v
}()

// checkRequest validates a decoded request body, answering invalid_input
// with the offending fields named.
func checkRequest(v any) error {
	err := validate.Struct(v)
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return err
	}
	var missing, invalid []string
	for _, fe := range verrs {
		if fe.Tag() == "required" {
			missing = append(missing, fe.Field())
		} else {
			invalid = append(invalid, fe.Field()+" ("+fe.Tag()+")")
		}
	}
	switch {
	case len(missing) > 0:
		return ledgerapi.InvalidInput("missing required field %s", strings.Join(missing, ", "))
	default:
		return ledgerapi.InvalidInput("invalid field %s", strings.Join(invalid, ", "))
	}
}
