"""Leaving: the player's data as JSON, and deleting the account after a grace period."""

from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import leaving
from core.fields import StrictCharField
from core.schemas import CONFLICT, ERRORS


class ExportApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Everything kept about the player: profile, games and move logs, results")
    def get(self, request):
        response = Response(leaving.account_export(user=request.user))
        response["Content-Disposition"] = 'attachment; filename="solitaire-account.json"'
        return response


class DeletionApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class DeletionIn(serializers.Serializer):
        password = StrictCharField(max_length=200, trim_whitespace=False)

    class DeletionOut(serializers.Serializer):
        due_at = serializers.DateTimeField()

    @extend_schema(request=DeletionIn, responses={202: DeletionOut, **ERRORS, **CONFLICT},
                   summary="Delete the account after the grace period (the password confirms it)")
    def post(self, request):
        data = self.DeletionIn(data=request.data)
        data.is_valid(raise_exception=True)
        deletion = leaving.account_deletion_request(request=request._request, user=request.user,
                                                    password=data.validated_data["password"])
        return Response({"due_at": deletion.due_at}, status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=None, responses={204: None, **ERRORS, **CONFLICT},
                   summary="Keep the account after all")
    def delete(self, request):
        leaving.account_deletion_cancel(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
