"""The account's own sessions and API tokens: listed to their owner, revoked by them."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import sessions_owned
from core.errors import NotFound
from core.schemas import ERRORS


class SessionOut(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    user_agent = serializers.CharField()
    current = serializers.BooleanField()


class OwnedTokenOut(serializers.Serializer):
    id = serializers.CharField(help_text="Not the token: an id to revoke it by")
    prefix = serializers.CharField(help_text="The token's first 6 characters")
    created = serializers.DateTimeField()
    expires = serializers.DateTimeField()
    expired = serializers.BooleanField()


class SessionsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SessionOut(many=True), **ERRORS}, summary="The account's sessions")
    def get(self, request):
        current = request.session.session_key
        rows = sessions_owned.account_sessions_live(user=request.user)
        return Response([{"id": r.pk, "created_at": r.created_at, "user_agent": r.user_agent,
                          "current": r.session_key == current} for r in rows])


class SessionEndApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **ERRORS}, summary="End one of the account's sessions")
    def delete(self, request, session_id: int):
        if not sessions_owned.account_session_end(user=request.user, session_id=session_id):
            raise NotFound("No such session of this account.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokensApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OwnedTokenOut(many=True), **ERRORS}, summary="The account's API tokens")
    def get(self, request):
        return Response(OwnedTokenOut(sessions_owned.account_tokens(user=request.user), many=True).data)


class TokenRevokeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **ERRORS}, summary="Revoke an account's token")
    def delete(self, request, token_id: str):
        if not sessions_owned.account_token_revoke(user=request.user, token_id=token_id[:40]):
            raise NotFound("No such token of this account.")
        return Response(status=status.HTTP_204_NO_CONTENT)
